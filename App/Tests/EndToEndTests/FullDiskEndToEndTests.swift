import Foundation
import Testing

extension EndToEnd {
  /// The app on a disk that is full for real: a small tmpfs, filled.
  @Suite(
    "End to end: a full disk",
    .enabled(if: SmallDisk.isAvailable, "mounting a tmpfs needs root (and a kernel that allows it)"))
  struct FullDiskEndToEndTests {
    @Test("on a full disk the list is read, a change says it was not stored, and no -shm is left behind")
    func readOnAFullDisk() async throws {
      try await SmallDisk.with(megabytes: 2) { root in
        let folder = root.appendingPathComponent("data")
        _ = try await AppProcess.run(
          ["--data-dir", folder.path],
          input: "register ann password1\nlogin ann password1\nadd one\nadd two\n")
        let filler = try SmallDisk.fill(root)

        let full = try await AppProcess.run(["--data-dir", folder.path], input: "list\nadd three\n")
        #expect(full.status == 1, "stderr: \(full.standardError)")
        #expect(
          full.standardOutput == """
            Signed in as ann.
            You have 2 items (2 open, 0 done).
            1. [ ] one
            2. [ ] two
            The disk is full: this change was not stored, and the list is as it was (reading it still works). \
            Free some space, then type the command again.

            """)
        #expect(full.standardError.contains("is full: the list can be read"), "\(full.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["lock", "session", "todo.sqlite"])

        try FileManager.default.removeItem(at: filler)
        let freed = try await AppProcess.run(["--data-dir", folder.path], input: "add three\n")
        #expect(freed.standardOutput.hasSuffix("Added 3. three\n"), "\(freed.standardOutput)")
      }
    }

    @Test("an import that fills the disk says how far it got and what it kept; once there is room it resumes")
    func importFillsTheDisk() async throws {
      let csv = AppProcess.temporaryFolder().appendingPathComponent("big.csv")
      let rows = (0..<40_000).map { ",Imported task number \($0),false,,2026-01-01T00:00:00Z,\n" }
      try ("id,title,done,due,created,updated\n" + rows.joined()).write(
        to: csv, atomically: true, encoding: .utf8)
      try await SmallDisk.with(megabytes: 3) { root in
        let folder = root.appendingPathComponent("data")
        let full = try await AppProcess.run(
          ["--data-dir", folder.path],
          input: "register ann password1\nlogin ann password1\nimport \(csv.path)\n")
        #expect(full.status == 1)
        let line = try #require(
          full.standardOutput.split(separator: "\n").first {
            $0.hasPrefix("Import of \(csv.path) stopped at ")
          },
          "\(full.standardOutput)")
        let words = line.split(separator: " ")
        let percent = try #require(words.first { $0.hasSuffix("%") }.flatMap { Int($0.dropLast()) })
        let stored = try #require(words.firstIndex(of: "full.").flatMap { Int(words[$0 + 1]) })
        #expect(percent > 0 && percent < 100 && stored > 0 && stored < 40_000, "\(line)")
        #expect(
          line.hasSuffix(
            "rows were stored and stay (undo takes the import back). Free some space, then import \(csv.path) "
              + "again: it resumes after the last row stored."), "\(line)")
        #expect(!full.standardOutput.contains("(database or disk is full)"))

        try SmallDisk.resize(root, megabytes: 64)
        let again = try await AppProcess.run(["--data-dir", folder.path], input: "import \(csv.path)\n")
        #expect(again.status == 0, "\(again.standardOutput)")
        #expect(
          again.standardOutput.contains("You have 40,000 items (40,000 open, 0 done)."),
          "\(again.standardOutput)")
      }
    }
  }
}
