import Foundation
import GRDB
import Subprocess
import Testing

extension EndToEnd {
  @Suite("End to end: scripted sessions")
  struct ScriptedSessionTests {
    @Test("register, login, add 3, done 1, list: exact output, exit code 0")
    func scriptedSession() async throws {
      let folder = AppProcess.temporaryFolder()
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: """
          register ada correct-horse
          login ada correct-horse
          add Buy milk
          add Write the report
          add Call mom
          done 1
          list

          """)
      #expect(result.status == 0, "stderr: \(result.standardError)")
      #expect(
        result.standardOutput == """
          Registered ada. Log in with: login ada
          Signed in as ada.
          Your list is empty.
          Added 1. Buy milk
          Added 2. Write the report
          Added 3. Call mom
          Done 1. Buy milk
          2. [ ] Write the report
          3. [ ] Call mom
          1. [x] Buy milk

          """)
    }

    @Test("in a script too, numbers keep naming what the list showed until the next list")
    func numbersStayUntilTheNextList() async throws {
      let folder = AppProcess.temporaryFolder()
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: """
          register ada correct-horse
          login ada correct-horse
          add Pay rent
          add call mom
          add a1
          add a2
          list
          rm 2
          rm 3
          rm 2
          list
          rm 2

          """)
      #expect(result.status == 1, "stderr: \(result.standardError)")
      #expect(
        result.standardOutput.hasSuffix(
          """
          Removed: call mom
          Removed: a1
          Item 2 was deleted after the list was shown; nothing was changed (list shows the numbers now).
          1. [ ] Pay rent
          2. [ ] a2
          Removed: a2

          """), "\(result.standardOutput)")
    }

    @Test("done and reopen take several numbers and ranges, as rm does")
    func doneSeveral() async throws {
      let folder = AppProcess.temporaryFolder()
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register ada correct-horse\nlogin ada correct-horse\nadd a\nadd b\nadd c\nadd d\n"
          + "done 1 3-4\nreopen 4\nlist\n")
      #expect(result.status == 0, "\(result.standardOutput)")
      #expect(
        result.standardOutput.hasSuffix("2. [ ] b\n4. [ ] d\n1. [x] a\n3. [x] c\n"),
        "\(result.standardOutput)")
    }

    @Test("a second launch restores the session and the list from the database")
    func secondLaunch() async throws {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register bob password1\nlogin bob password1\nadd Water plants\ndone 1\n")
      let second = try await AppProcess.run(["--data-dir", folder.path], input: "list\n")
      #expect(second.status == 0)
      #expect(
        second.standardOutput == """
          Signed in as bob.
          You have 1 item (0 open, 1 done).
          1. [x] Water plants

          """)
    }

    @Test("a bad command prints a clear error and the exit code says so")
    func badCommand() async throws {
      let folder = AppProcess.temporaryFolder()
      let result = try await AppProcess.run(["--data-dir", folder.path], input: "frobnicate\nlist\n")
      #expect(result.status == 1)
      #expect(
        result.standardOutput == """
          frobnicate: unknown command "frobnicate"; type help for the list
          Sign in first (login NAME, or register NAME).

          """)
    }

    @Test("--script reads commands from a file; a missing import file is a clear error")
    func scriptFile() async throws {
      let folder = AppProcess.temporaryFolder()
      let script = folder.appendingPathComponent("session.txt")
      try "register cyd password1\nlogin cyd password1\nimport /nonexistent/file.csv\n".write(
        to: script, atomically: true, encoding: .utf8)
      let result = try await AppProcess.run(["--data-dir", folder.path, "--script", script.path])
      #expect(result.status == 1)
      #expect(
        result.standardOutput.hasSuffix(
          "Importing /nonexistent/file.csv…\nNo such file: /nonexistent/file.csv\n"))
    }

    @Test("a wrong command line (an unreadable script, an empty --data-dir) exits 64, as --help says")
    func wrongCommandLine() async throws {
      let help = try await AppProcess.run(["--help"])
      let words = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(words.contains("64 when the command line is wrong"), "\(help.standardOutput)")
      let script = try await AppProcess.run(["--script", "/nonexistent/commands.txt"])
      #expect(script.status == 64)
      #expect(script.standardError.contains("Cannot read the script /nonexistent/commands.txt."))
      // Were it taken for the default folder, that default is a temporary one, not the user's.
      let home = AppProcess.temporaryFolder()
      let empty = try await AppProcess.run(
        ["--data-dir", ""], input: "list\n", variables: ["XDG_DATA_HOME": home.path, "HOME": home.path])
      #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
      #expect(empty.status == 64, "\(empty.standardOutput)")
      #expect(empty.standardError.contains("--data-dir is empty"), "\(empty.standardError)")
    }

    @Test("--help and --version work")
    func helpAndVersion() async throws {
      let help = try await AppProcess.run(["--help"])
      #expect(help.status == 0)
      #expect(help.standardOutput.contains("replay"))
      #expect(help.standardOutput.contains("--data-dir"))
      // The help text is wrapped to the terminal's width.
      let words = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(words.contains("130 after SIGINT and 143 after SIGTERM"))
      let runHelp = try await AppProcess.run(["run", "--help"])
      #expect(runHelp.standardOutput.contains("--data-dir"))
      #expect(runHelp.standardOutput.contains("--trace"))
      let version = try await AppProcess.run(["--version"])
      #expect(version.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "1.0.0")
    }

    @Test("an unusable data folder is a clear startup error, not a crash")
    func badDataFolder() async throws {
      let file = AppProcess.temporaryFolder().appendingPathComponent("not-a-folder")
      try "x".write(to: file, atomically: true, encoding: .utf8)
      let result = try await AppProcess.run(["--data-dir", file.path], input: "list\n")
      #expect(result.status == 2)
      #expect(result.standardError.hasPrefix("todo: Cannot create the data folder"))
    }

    @Test("list prints every item of a list far longer than the outbox keeps")
    func longList() async throws {
      let folder = AppProcess.temporaryFolder()
      let csv = folder.appendingPathComponent("items.csv")
      let rows = 1_234
      try AppProcess.writeCSV(rows: rows, to: csv)
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register kim password1\nlogin kim password1\nimport \(csv.path)\nlist\n")
      #expect(result.status == 0)
      let listed = result.standardOutput.split(separator: "\n").filter { $0.contains(". [") }
      #expect(listed.count == rows)
      #expect(Set(listed.map { $0.split(separator: "]", maxSplits: 1)[1] }).count == rows, "each item once")
      // Open items first, then done ones; each keeps its number in the list.
      let numbers = listed.compactMap {
        Int($0.split(separator: ".")[0].trimmingCharacters(in: .whitespaces))
      }
      #expect(Set(numbers) == Set(1...rows))
      #expect(listed.first?.hasPrefix("   2. [ ]") == true)
      #expect(listed.last?.hasPrefix("\(rows). [x]") == true)
    }

    @Test("import cancel typed right after a large import stops it; the count it reports is what is stored")
    func cancelImport() async throws {
      let folder = AppProcess.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let csv = folder.appendingPathComponent("big.csv")
      let rows = 200_000
      try AppProcess.writeCSV(rows: rows, to: csv)
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register lou password1\nlogin lou password1\nimport \(csv.path)\nimport cancel\nlist done\n")
      #expect(result.status == 0, "output: \(result.standardOutput.suffix(2_000))")
      #expect(
        result.standardOutput.contains(
          /Importing .*…\nStopping the import after its current batch…\nImport of .* stopped (?:at \d+% of the file: at least [\d,]+ rows? (?:was|were) stored|before its first report)\.\nImporting the file again resumes after the last row stored\.\nImport cancelled; reloading the list/
        ), "\(result.standardOutput.suffix(2_000))")
      try StoredItems.expectCancelledImport(
        in: folder.appendingPathComponent("todo.sqlite").path, output: result.standardOutput, fileRows: rows)
    }

    @Test("a cancelled import of rows without ids, imported again, resumes: every row is stored once")
    func resumeImport() async throws {
      let folder = AppProcess.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let csv = folder.appendingPathComponent("no-ids.csv")
      let rows = 200_000
      var text = "id,title,done,due,created,updated\n"
      for index in 0..<rows { text += ",Task number \(index),false,,,\n" }
      try Data(text.utf8).write(to: csv)
      let first = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register lou password1\nlogin lou password1\nimport \(csv.path)\nimport cancel\n")
      #expect(first.standardOutput.contains("Importing the file again resumes after the last row stored."))
      let database = folder.appendingPathComponent("todo.sqlite").path
      func counts() throws -> (all: Int, distinct: Int) {
        let queue = try DatabaseQueue(path: database)
        defer { try? queue.close() }
        return try queue.read { db in
          let row = try Row.fetchOne(
            db, sql: "SELECT count(*) AS n, count(DISTINCT title) AS d FROM todo_item")
          return (row?["n"] ?? -1, row?["d"] ?? -1)
        }
      }
      let before = try counts().all
      #expect(before < rows, "the import was not stopped")
      let second = try await AppProcess.run(["--data-dir", folder.path], input: "import \(csv.path)\n")
      #expect(second.status == 0, "\(second.standardOutput.suffix(2_000))")
      let after = try counts()
      #expect(after.all == rows && after.distinct == rows, "\(after), \(second.standardOutput.suffix(2_000))")
      if before > 0 {
        #expect(
          second.standardOutput.contains(
            /Resumed after line [\d,]+, where an earlier import of the file stopped\./),
          "\(second.standardOutput.suffix(2_000))")
      }
    }

    @Test("a due time in the past is set with a warning, and is not a failure")
    func dueInThePast() async throws {
      let folder = AppProcess.temporaryFolder()
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register max password1\nlogin max password1\nadd Old news\ndue 1 2001-01-01T10:00\n")
      #expect(result.status == 0)
      #expect(
        result.standardOutput.hasSuffix(
          "2001-01-01 10:00 is already past: no reminder will come for it.\n1. Old news is due 2001-01-01 10:00.\n"
        ))
    }
  }
}
