import Foundation
import Subprocess
import Testing

extension EndToEnd {
  /// Issue 19, item 3: an import that cannot end, or never stores a batch, still stops when asked.
  ///
  /// The files here would take far longer than the tests' time limits to read through: a sparse file
  /// of 64 GiB after a valid header (it takes no room on disk, and reads as NUL bytes, never a valid
  /// row), a device, a FIFO. Before the fix each test ran into its time limit.
  @Suite("End to end: imports of hostile files")
  struct HostileImportEndToEndTests {
    private static let cancelled =
      "Import cancelled; reloading the list to show what was stored."
    private static let notRegular =
      "it is not a regular file but a device, a FIFO or a socket, which may never end"

    /// A data folder with a registered user `ann`, and a file in it that starts with the CSV header
    /// and then holds 64 GiB of NUL bytes, sparse.
    private static func folderWithEndlessFile() async throws -> (folder: URL, csv: URL) {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(["--data-dir", folder.path], input: "register ann password1\n")
      let csv = folder.appendingPathComponent("endless.csv")
      try Data("id,title,done,due,created,updated\n".utf8).write(to: csv)
      let handle = try FileHandle(forWritingTo: csv)
      try handle.truncate(atOffset: 64 << 30)
      try handle.close()
      return (folder, csv)
    }

    @Test("import /dev/zero is refused at once with a clear message", .timeLimit(.minutes(2)))
    func deviceRefused() async throws {
      let folder = AppProcess.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let result = try await AppProcess.run(
        ["--data-dir", folder.path], input: "register bea password1\nlogin bea password1\nimport /dev/zero\n")
      #expect(
        result.standardOutput.hasSuffix("Importing /dev/zero…\nCannot use /dev/zero: \(Self.notRegular)\n"),
        "output: \(result.standardOutput)")
    }

    @Test("importing a FIFO is refused at once, without waiting for a writer", .timeLimit(.minutes(2)))
    func fifoRefused() async throws {
      let folder = AppProcess.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let fifo = folder.appendingPathComponent("pipe.csv")
      try #require(mkfifo(fifo.path, 0o600) == 0)
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register cal password1\nlogin cal password1\nimport \(fifo.path)\n"
      )
      #expect(
        result.standardOutput.hasSuffix(
          "Importing \(fifo.path)…\nCannot use \(fifo.path): \(Self.notRegular)\n"),
        "output: \(result.standardOutput)")
    }

    @Test(
      "import cancel stops an import that has read no valid row, and the session ends",
      .timeLimit(.minutes(2)))
    func cancelEndless() async throws {
      let (folder, csv) = try await Self.folderWithEndlessFile()
      defer { try? FileManager.default.removeItem(at: folder) }
      let result = try await AppProcess.run(
        ["--data-dir", folder.path], input: "login ann password1\nimport \(csv.path)\nimport cancel\n")
      #expect(
        result.standardOutput.contains(
          /Importing .*…\nStopping the import after its current batch…\nImport of .* stopped (?:at 0% of the file: at least 0 rows were stored|before its first report)\.\nImporting the file again resumes after the last row stored\.\nImport cancelled; reloading the list to show what was stored\.\nYour list is empty\./
        ),
        "output: \(result.standardOutput.suffix(2_000))")
    }

    @Test(
      "SIGTERM and SIGINT stop an import that has read no valid row, and the app exits",
      .timeLimit(.minutes(2)), arguments: [Signal.terminate, Signal.interrupt])
    func signalEndless(_ signal: Signal) async throws {
      let (folder, csv) = try await Self.folderWithEndlessFile()
      defer { try? FileManager.default.removeItem(at: folder) }
      let name = signal == .terminate ? "SIGTERM" : "SIGINT"
      let ended = try await AppProcess.converse(["--data-dir", folder.path]) { app in
        try await app.send("login ann password1\nimport \(csv.path)\n")
        try #require(try await app.read(until: "Importing"))
        try app.signal(signal)
        // Before the input ends, which would end the session too.
        try #require(try await app.read(until: "\(name): finishing in-flight work"))
      }
      // The list is not reloaded: the app exits.
      #expect(
        ended.output.contains(
          /stopped (?:at 0% of the file: at least 0 rows were stored|before its first report)\./),
        "output: \(ended.output.suffix(2_000))")
      #expect(!ended.output.contains(Self.cancelled), "output: \(ended.output.suffix(2_000))")
      #expect(ended.status == (signal == .terminate ? 143 : 130), "output: \(ended.output.suffix(2_000))")
    }
  }
}
