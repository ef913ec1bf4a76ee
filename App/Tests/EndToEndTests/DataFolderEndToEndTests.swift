import Foundation
import Testing

extension EndToEnd {
  @Suite("End to end: the data folder")
  struct DataFolderEndToEndTests {
    private static func mode(_ url: URL) throws -> Int {
      try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
        ?? -1
    }

    @Test("a new data folder is 0700 and the database, session and trace files in it 0600")
    func newFolderIsPrivate() async throws {
      let folder = AppProcess.temporaryFolder().appendingPathComponent("data")
      let trace = folder.deletingLastPathComponent().appendingPathComponent("trace.jsonl")
      let result = try await AppProcess.run(
        ["--data-dir", folder.path, "--trace", trace.path],
        input: "register quin password1\nlogin quin password1\nadd Private\n")
      #expect(result.status == 0, "stderr: \(result.standardError)")
      #expect(try Self.mode(folder) == 0o700)
      for name in ["todo.sqlite", "session"] {
        #expect(try Self.mode(folder.appendingPathComponent(name)) == 0o600, "\(name)")
      }
      #expect(try Self.mode(trace) == 0o600)
    }

    @Test("an existing folder others can read is tightened to 0700, with a notice")
    func looseFolderIsTightened() async throws {
      let folder = AppProcess.temporaryFolder()
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
      _ = try await AppProcess.run(["--data-dir", folder.path], input: "register ray password1\n")
      // A database left readable by an older version, too.
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o644], ofItemAtPath: folder.appendingPathComponent("todo.sqlite").path)
      let result = try await AppProcess.run(["--data-dir", folder.path], input: "")
      #expect(result.status == 0)
      #expect(try Self.mode(folder) == 0o700)
      #expect(try Self.mode(folder.appendingPathComponent("todo.sqlite")) == 0o600)
      #expect(
        result.standardError
          == "todo: made the data folder \(folder.path) private (0700; it was 0755): it holds password hashes and "
          + "your lists.\ntodo: made \(folder.path)/todo.sqlite private (0600; it was 0644).\n")
    }

    @Test(
      "a second instance on the same data folder is refused while the first runs", .timeLimit(.minutes(3)))
    func secondInstanceRefused() async throws {
      let folder = AppProcess.temporaryFolder()
      var second: AppProcess.Output?
      let first = try await AppProcess.converse(["--data-dir", folder.path]) { app in
        try await app.send("register sam password1\n")
        try #require(try await app.read(until: "Registered sam."))
        second = try await AppProcess.run(["--data-dir", folder.path], input: "register tom password1\n")
        try await app.send("quit\n")
      }
      #expect(first.status == 0)
      let refused = try #require(second)
      #expect(refused.status == 2)
      #expect(refused.standardOutput.isEmpty)
      #expect(
        refused.standardError
          == "todo: another todo is running on the data folder \(folder.path); quit it first, or use --data-dir.\n"
      )
      let third = try await AppProcess.run(["--data-dir", folder.path], input: "register tom password1\n")
      #expect(third.status == 0, "the lock is released when the first instance exits")
    }

    @Test("quit closes the database: no -wal or -shm file stays behind")
    func quitLeavesNoJournal() async throws {
      let folder = AppProcess.temporaryFolder()
      let result = try await AppProcess.run(
        ["--data-dir", folder.path], input: "register uma password1\nlogin uma password1\nadd Tidy\nquit\n")
      #expect(result.status == 0)
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(!names.contains("todo.sqlite-wal") && !names.contains("todo.sqlite-shm"), "\(names)")
    }

    @Test("a file that is not a database is one sentence with its path and what to do")
    func foreignDatabaseFile() async throws {
      let folder = AppProcess.temporaryFolder()
      let database = folder.appendingPathComponent("todo.sqlite")
      try Data(repeating: 0x41, count: 8_192).write(to: database)
      let result = try await AppProcess.run(["--data-dir", folder.path], input: "list\n")
      #expect(result.status == 2)
      // The last line: the app first makes the file, written by the test, private.
      #expect(
        result.standardError.split(separator: "\n").last.map(String.init)
          == "todo: \(database.path) is not a todo database or is damaged; move it away (the app then starts "
          + "afresh) or restore it from a backup.")
    }

    @Test(
      "a database another program keeps locked is waited for, then one sentence",
      .enabled(if: sqlite3 != nil, "the sqlite3 shell is not installed"), .timeLimit(.minutes(2)))
    func lockedDatabase() async throws {
      let folder = AppProcess.temporaryFolder()
      let path = folder.appendingPathComponent("todo.sqlite").path
      var result: AppProcess.Output?
      // Another program holds the database (in rollback-journal mode) in an exclusive transaction:
      // the app cannot even switch it to WAL.
      _ = try await AppProcess.converse(path: try #require(Self.sqlite3), [path]) { shell in
        try await shell.send("CREATE TABLE other_program (x);\nBEGIN EXCLUSIVE;\nSELECT 'holding';\n")
        try #require(try await shell.read(until: "holding"))
        result = try await AppProcess.run(["--data-dir", folder.path], input: "list\n")
        try await shell.send("ROLLBACK;\n.quit\n")
      }
      let locked = try #require(result)
      #expect(locked.status == 2)
      #expect(
        locked.standardError.split(separator: "\n").last.map(String.init)
          == "todo: the database \(path) is locked by another program; nothing was changed. Try again once it has "
          + "finished.")
    }

    private static let sqlite3: String? = [
      "/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3",
    ]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
