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

    @Test(
      "an export removes the temporary files a killed export to the same file left, not one being written")
    func abandonedTemporaryFilesAreRemoved() async throws {
      let folder = AppProcess.temporaryFolder()
      let elsewhere = AppProcess.temporaryFolder()
      let target = elsewhere.appendingPathComponent("out.csv")
      // What `kill -9` during an export leaves: a temporary file no process holds.
      let abandoned = elsewhere.appendingPathComponent(".out.csv.\(UUID().uuidString).partial")
      try "id,title\r\n,half a row".write(to: abandoned, atomically: false, encoding: .utf8)
      // One an export still writes holds its lock; another file's belongs to another export.
      let held = elsewhere.appendingPathComponent(".out.csv.\(UUID().uuidString).partial")
      let other = elsewhere.appendingPathComponent(".other.csv.\(UUID().uuidString).partial")
      for file in [held, other] { try "".write(to: file, atomically: false, encoding: .utf8) }
      let descriptor = open(held.path, O_RDONLY)
      defer { close(descriptor) }
      #expect(flock(descriptor, LOCK_EX) == 0)

      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register ria password1\nlogin ria password1\nadd One\nexport \(target.path)\n")
      #expect(
        result.standardOutput.hasSuffix("Exported 1 item to \(target.path).\n"), "\(result.standardOutput)")
      let left = try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).sorted()
      #expect(left == [held.lastPathComponent, other.lastPathComponent, "out.csv"].sorted())
    }

    @Test(
      "export --force refuses a FIFO, a device node (as root) and a symbolic link, and leaves them as they were"
    )
    func specialFilesAndLinksAreRefused() async throws {
      let folder = AppProcess.temporaryFolder()
      let elsewhere = AppProcess.temporaryFolder()
      let fifo = elsewhere.appendingPathComponent("pipe").path
      #expect(mkfifo(fifo, 0o600) == 0)
      let destination = elsewhere.appendingPathComponent("real.csv").path
      try "precious\n".write(toFile: destination, atomically: false, encoding: .utf8)
      let link = elsewhere.appendingPathComponent("link.csv").path
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: destination)
      var targets = [fifo, link]
      // A node with the null device's numbers, made in the temporary folder: never the system's.
      let device = elsewhere.appendingPathComponent("null").path
      if geteuid() == 0, mknod(device, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0 { targets.append(device) }
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register oli password1\nlogin oli password1\nadd Keep me\n"
          + targets.map { "export --force \($0)\n" }.joined() + "export \(fifo)\n")
      #expect(result.status == 1)
      let lines = result.standardOutput.split(separator: "\n")
      #expect(!lines.contains { $0.hasPrefix("Exported") }, "\(result.standardOutput)")
      let special =
        "it is not a regular file but a device, a FIFO or a socket; export writes regular files only"
      // Every target but the link, and the FIFO once more without --force.
      #expect(
        lines.filter { $0.hasSuffix(special) }.count == targets.count - 1 + 1, "\(result.standardOutput)")
      #expect(
        lines.contains {
          $0.hasSuffix(
            "Cannot use \(link): it is a symbolic link to \(destination); export to that path itself, or remove the link"
          )
        }, "\(result.standardOutput)")
      for target in targets {
        var status = stat()
        #expect(lstat(target, &status) == 0 && status.st_mode & S_IFMT != S_IFREG, "\(target)")
      }
      #expect(try String(contentsOfFile: destination, encoding: .utf8) == "precious\n")
    }
  }
}
