import Foundation
import Subprocess
import Testing

extension EndToEnd {
  @Suite("End to end: signals")
  struct SignalEndToEndTests {
    @Test(
      "SIGTERM during an import cancels it, says how far it got, exits 143 without reloading the list, and leaves whole batches",
      .timeLimit(.minutes(3)))
    func terminateDuringImport() async throws {
      let folder = AppProcess.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      _ = try await AppProcess.run(["--data-dir", folder.path], input: "register eve password1\n")
      let csv = folder.appendingPathComponent("big.csv")
      let rows = 400_000
      try AppProcess.writeCSV(rows: rows, to: csv)
      let databasePath = folder.appendingPathComponent("todo.sqlite").path

      let ended = try await AppProcess.converse(["--data-dir", folder.path]) { app in
        try await app.send("login eve password1\nimport \(csv.path)\n")
        try #require(try await app.read(until: "Importing"))
        // Signal once at least one batch is committed, as the database itself shows.
        try await StoredItems.waitForRows(in: databasePath)
        try app.signal(.terminate)
        // Before the input ends, which would end the session too.
        try #require(try await app.read(until: "SIGTERM: finishing in-flight work"))
      }
      #expect(ended.status == 143, "output: \(ended.output)")
      try StoredItems.expectStoppedImport(in: databasePath, output: ended.output, fileRows: rows)
    }

    @Test(
      "SIGINT while the app waits for input finishes, exits 130 (128 + SIGINT), and keeps what was done",
      .timeLimit(.minutes(3)))
    func interruptWhileIdle() async throws {
      let folder = AppProcess.temporaryFolder()
      let ended = try await AppProcess.converse(["--data-dir", folder.path]) { app in
        try await app.send("register ivy password1\nlogin ivy password1\nadd Keep me\n")
        try #require(try await app.read(until: "Added 1. Keep me"))
        try app.signal(.interrupt)
        // Killed by the signal, the app's output would end here, without the notice.
        try #require(try await app.read(until: "SIGINT: finishing in-flight work, then exiting."))
      }
      #expect(ended.status == 130, "output: \(ended.output)")
      #expect(ended.output.hasSuffix("Added 1. Keep me\nSIGINT: finishing in-flight work, then exiting.\n"))
      let second = try await AppProcess.run(["--data-dir", folder.path], input: "list\n")
      #expect(second.standardOutput.hasSuffix("1. [ ] Keep me\n"))
    }

    @Test(
      "SIGHUP reloads the list from the database, showing what another process wrote", .timeLimit(.minutes(3))
    )
    func hangUpReloads() async throws {
      let folder = AppProcess.temporaryFolder()
      let ended = try await AppProcess.converse(["--data-dir", folder.path]) { app in
        try await app.send("register hal password1\nlogin hal password1\nadd First\n")
        try #require(try await app.read(until: "Added 1. First"))
        // Another program adds an item to the same database (a second instance of the app would be
        // refused: the first holds the data folder's lock).
        try StoredItems.insert(
          title: "Written elsewhere", nextTo: "First", in: folder.appendingPathComponent("todo.sqlite").path)

        try await app.send("list\n")
        // The list's page shows the other program's item.
        try #require(try await app.read(until: "2. [ ] Written elsewhere"))
        try app.signal(Signal(rawValue: SIGHUP))
        // Not handled, SIGHUP would end the app, and its output with it.
        try #require(try await app.read(until: "SIGHUP: reloading from the database."))
        // Each line of non-interactive input waits for the work before it: the reload comes first.
        try await app.send("list\nquit\n")
      }
      #expect(ended.status == 0)
      // `list` reads its page from the database, so it shows what the other program wrote (until
      // issue 56's first step, `list` showed the model's list, and only the SIGHUP showed the other
      // program's item).
      #expect(
        ended.output.contains(
          "1. [ ] First\n2. [ ] Written elsewhere\nSIGHUP: reloading from the database.\n"
            + "You have 2 items (2 open, 0 done).\n"), "output: \(ended.output)")
      // SIGHUP loads it again too, and the list after it shows both.
      #expect(
        ended.output.hasSuffix("You have 2 items (2 open, 0 done).\n1. [ ] First\n2. [ ] Written elsewhere\n")
      )
    }
  }
}
