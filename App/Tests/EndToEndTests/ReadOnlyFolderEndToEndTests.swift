import Foundation
import Testing

extension EndToEnd {
  /// The app on a data folder nothing can be written in: a small tmpfs, mounted read-only.
  @Suite(
    "End to end: a read-only data folder",
    .enabled(if: SmallDisk.isAvailable, "mounting a tmpfs needs root (and a kernel that allows it)"))
  struct ReadOnlyFolderEndToEndTests {
    @Test(
      "a read-only data folder is read, not refused: the list and find work, a change says it was not stored"
    )
    func readOnly() async throws {
      try await SmallDisk.with(megabytes: 4) { root in
        let folder = root.appendingPathComponent("data")
        _ = try await AppProcess.run(
          ["--data-dir", folder.path],
          input: "register ann password1\nlogin ann password1\nadd one\nadd two +home\n")
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let database = try Data(contentsOf: folder.appendingPathComponent("todo.sqlite"))
        try SmallDisk.makeReadOnly(root, megabytes: 4)

        // Until issue 59 (defect 9), the app stopped at launch: "Cannot create the lock file …:
        // Read-only file system", exit 2.
        let session = try await AppProcess.run(
          ["--data-dir", folder.path], input: "list\nfind two\nadd three\ndone 1\n")
        #expect(session.status == 1, "stderr: \(session.standardError)")
        let notStored =
          "The data folder is read-only: this change was not stored, and the list is as it was (reading it still works)."
        #expect(
          session.standardOutput == """
            Signed in as ann.
            You have 2 items (2 open, 0 done).
            1. [ ] one
            2. [ ] two +home
            1 item matches "two", best first:
            2. [ ] two +home
            \(notStored)
            \(notStored)

            """)
        #expect(
          session.standardError
            == "todo: the data folder \(folder.path) is read-only: the list can be read, but no change can be saved.\n"
        )
        // Nothing was written: the same files, the same database.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try Data(contentsOf: folder.appendingPathComponent("todo.sqlite")) == database)
      }
    }

    @Test("a read-only folder without a database says there is nothing to read")
    func readOnlyAndEmpty() async throws {
      try await SmallDisk.with(megabytes: 1) { root in
        let folder = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try SmallDisk.makeReadOnly(root, megabytes: 1)
        let session = try await AppProcess.run(["--data-dir", folder.path], input: "list\n")
        #expect(session.status == 2)
        #expect(
          session.standardError.contains("is read-only and holds no database"), "\(session.standardError)")
      }
    }
  }
}
