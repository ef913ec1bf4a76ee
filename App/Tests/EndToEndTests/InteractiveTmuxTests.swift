import Foundation
import Testing

extension EndToEnd {
  /// Drives the app at a real terminal under tmux (send-keys, capture-pane).
  ///
  /// Skipped where tmux is missing, except on CI (the environment variable `CI` is set), where a
  /// missing tmux fails the tests: CI must run them.
  @Suite(
    "End to end: interactive under tmux",
    .enabled(if: TmuxPane.tmuxPath != nil || TmuxPane.isCI, "tmux is not installed (and CI is not set)"))
  struct InteractiveTmuxTests {
    @Test("type a session, see the prompt, a reminder banner a few seconds later, and quit cleanly")
    func interactiveSession() async throws {
      try await TmuxPane.with { pane in
        try await pane.waitFor("todo>")
        try await pane.type("register fay")
        try await pane.waitFor("Password:")
        try await pane.type("hidden-passw0rd")
        try await pane.waitFor("Password again:")
        try await pane.type("hidden-passw0rd")
        try await pane.waitFor("Registered fay.")
        try await pane.type("login fay")
        try await pane.waitFor("Password:", times: 2)
        try await pane.type("hidden-passw0rd")
        try await pane.waitFor("fay>")
        try await pane.type("add Stretch")
        try await pane.waitFor("Added 1. Stretch")
        try await pane.type("due 1 in 3s")
        let screen = try await pane.waitFor("🔔 Reminder")
        #expect(screen.contains("Stretch"))
        #expect(!screen.contains("hidden-passw0rd"), "a password typed at its prompt must not be echoed")
        try await pane.waitFor("fay [1 unread]>")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test("a reminder arriving while the user types keeps the typed text on screen and in the line")
    func bannerKeepsTypedText() async throws {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(
        ["--data-dir", folder.path], input: "register hugo password1\nlogin hugo password1\nadd Stretch\n")
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("hugo>")
        // Far enough ahead that the text below is typed, and seen, before the reminder on a busy machine.
        try await pane.type("due 1 in 10s")
        try await pane.waitFor("Stretch is due")
        try await pane.send("rename 1 Stretch more")
        // Typed before the reminder comes (its prompt has no unread count yet), and still there after.
        try await pane.waitFor("hugo> rename 1 Stretch more")
        let typedLine = "hugo [1 unread]> rename 1 Stretch more"
        let lines = try await pane.waitFor(typedLine).split(separator: "\n")
        let row = try #require(lines.firstIndex(of: Substring(typedLine)))
        #expect(row > 0 && lines[row - 1].hasPrefix("🔔 Reminder: “Stretch” is due now."), "\(lines)")
        try await pane.send("", "Enter")
        try await pane.waitFor("Renamed 1 to: Stretch more")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test("Ctrl-C at the Password: prompt exits 130 and leaves the terminal echoing")
    func interruptAtPasswordPrompt() async throws {
      try await TmuxPane.with { pane in
        try await pane.waitFor("todo>")
        try await pane.type("register gil")
        try await pane.waitFor("Password:")
        try await pane.send("C-c")
        #expect(try await pane.waitForExit() == "130")
        let settings = try pane.terminalSettings()
        let flags = settings.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" })
        #expect(flags.contains("echo"), "stty -a after the app exited: \(settings)")
        #expect(!flags.contains("-echo"))
      }
    }

    @Test(
      "Ctrl-C on a half-typed line clears it; at the empty prompt it exits, the shell's output on a line of its own"
    )
    func interruptAtPrompt() async throws {
      try await TmuxPane.with { pane in
        try await pane.waitFor("todo>")
        try await pane.send("half typed")
        try await pane.waitFor("todo> half typed")
        try await pane.send("C-c")
        try await pane.send("help")
        // The line was cleared, not ended: what is typed next starts it again.
        try await pane.waitFor("todo> help")
        #expect(!(try await pane.capture()).contains("half typed"))
        try await pane.send("C-u")
        try await pane.send("C-c")
        #expect(try await pane.waitForExit() == "130")
        let lines = try await pane.waitFor(TmuxPane.exitMarker).split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("\(TmuxPane.exitMarker) 130") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("SIGINT: finishing in-flight work, then exiting.") })
      }
    }

    @Test("with --trace, quitting says the trace is being written, on a line of its own")
    func traceNoteAtExit() async throws {
      let folder = AppProcess.temporaryFolder()
      let trace = folder.appendingPathComponent("session.jsonl")
      try await TmuxPane.with(folder: folder, arguments: ["--trace", trace.path]) { pane in
        try await pane.waitFor("todo>")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
        let lines = try await pane.capture().split(separator: "\n")
        #expect(lines.contains("Writing the trace to \(trace.path)…"), "\(lines)")
      }
      #expect(FileManager.default.fileExists(atPath: trace.path))
    }

    @Test(
      "during an import the prompt shows its progress, typed text stays after it, and import cancel stops it")
    func importAtThePrompt() async throws {
      let folder = AppProcess.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      _ = try await AppProcess.run(
        ["--data-dir", folder.path], input: "register joy password1\nlogin joy password1\n")
      let csv = folder.appendingPathComponent("big.csv")
      let rows = 600_000
      try AppProcess.writeCSV(rows: rows, to: csv)
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("joy>")
        try await pane.type("import \(csv.path)")
        try await pane.waitFor("joy [import ")
        try await pane.type("import cancel")
        let screen = try await pane.waitFor("Import cancelled;")
        let typed = screen.split(separator: "\n").filter { $0.hasSuffix("import cancel") }
        #expect(typed.count == 1)
        #expect(
          typed.first?.wholeMatch(of: /joy \[import [#-]{10} \d{1,3}%\]> import cancel/) != nil,
          "the typed command must follow the prompt on its line:\n\(screen)")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
        try StoredItems.expectCancelledImport(
          in: folder.appendingPathComponent("todo.sqlite").path, output: try await pane.capture(),
          fileRows: rows)
      }
    }

    @Test("a long export shows its progress bar on the line while it runs, then its result and the prompt")
    func exportShowsProgress() async throws {
      let folder = AppProcess.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let csv = folder.appendingPathComponent("big.csv")
      try AppProcess.writeCSV(rows: 300_000, to: csv)
      _ = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register lou password1\nlogin lou password1\nimport \(csv.path)\n")
      // Outside the data folder, where export never writes.
      let out = AppProcess.temporaryFolder().appendingPathComponent("out.csv")
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("lou>")
        try await pane.type("export \(out.path)")
        try await pane.waitFor("lou [export ")
        let screen = try await pane.waitFor("Exported 300,000 items to \(out.path).")
        #expect(!screen.contains("[export "), "the result erases the bar:\n\(screen)")
        try await pane.waitFor("lou>", times: 2)
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test(
      "logout during an import that has read no valid row stops it, and the app then quits at once",
      .timeLimit(.minutes(2)))
    func logoutDuringImport() async throws {
      let folder = AppProcess.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      _ = try await AppProcess.run(
        ["--data-dir", folder.path], input: "register kit password1\nlogin kit password1\n")
      // A header, then 64 GiB of NUL bytes (sparse): read to its end, it would outlast the time limit.
      let csv = folder.appendingPathComponent("endless.csv")
      try Data("id,title,done,due,created,updated\n".utf8).write(to: csv)
      let handle = try FileHandle(forWritingTo: csv)
      try handle.truncate(atOffset: 64 << 30)
      try handle.close()
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("kit>")
        try await pane.type("import \(csv.path)")
        try await pane.waitFor("kit [import ")
        try await pane.type("logout")
        try await pane.waitFor("Signed out.")
        // At the end of a session the app waits for a running import: it must have stopped.
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }
  }
}
