import Foundation
import Testing

extension EndToEnd {
  @Suite("End to end: export")
  struct ExportEndToEndTests {
    @Test("export onto the database, its journal, the session or anything in the data folder is refused")
    func exportIntoTheDataFolder() async throws {
      let folder = AppProcess.temporaryFolder()
      let elsewhere = AppProcess.temporaryFolder()
      let link = elsewhere.appendingPathComponent("innocent.csv")
      try FileManager.default.createSymbolicLink(
        at: link, withDestinationURL: folder.appendingPathComponent("todo.sqlite"))
      let targets = [
        folder.appendingPathComponent("todo.sqlite").path,
        folder.appendingPathComponent("todo.sqlite-wal").path,
        folder.appendingPathComponent("session").path, folder.appendingPathComponent("new.csv").path,
        link.path,
      ]
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register oli password1\nlogin oli password1\nadd Keep me\n"
          + targets.map { "export --force \($0)\n" }.joined())
      #expect(result.status == 1)
      let refusals = result.standardOutput.split(separator: "\n").filter {
        $0.hasPrefix("export: ") && $0.contains("is in the data folder")
      }
      #expect(refusals.count == targets.count, "\(result.standardOutput)")
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.csv").path))
      let second = try await AppProcess.run(["--data-dir", folder.path], input: "list\n")
      #expect(second.status == 0, "stderr: \(second.standardError)")
      #expect(second.standardOutput.hasSuffix("1. [ ] Keep me\n"))
    }

    @Test("an existing file is replaced only with --force")
    func existingFileNeedsForce() async throws {
      let folder = AppProcess.temporaryFolder()
      let target = AppProcess.temporaryFolder().appendingPathComponent("out.csv")
      try "precious\n".write(to: target, atomically: true, encoding: .utf8)
      let refused = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register pam password1\nlogin pam password1\nadd One\nexport \(target.path)\n")
      #expect(refused.status == 1)
      #expect(
        refused.standardOutput.hasSuffix(
          "export: \(target.path) exists; to replace it, type: export --force \(target.path)\n"),
        "\(refused.standardOutput)")
      #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
      let forced = try await AppProcess.run(
        ["--data-dir", folder.path], input: "export --force \(target.path)\n")
      #expect(forced.status == 0)
      #expect(forced.standardOutput.hasSuffix("Exported 1 item to \(target.path).\n"))
      #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("id,title,done,due,created,updated"))
    }
  }
}
