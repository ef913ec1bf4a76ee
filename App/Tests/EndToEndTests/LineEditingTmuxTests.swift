import Foundation
import Testing

extension EndToEnd {
  /// Editing the line and recalling earlier lines at a real terminal under tmux.
  @Suite(
    "End to end: line editing under tmux",
    .enabled(if: TmuxPane.tmuxPath != nil || TmuxPane.isCI, "tmux is not installed (and CI is not set)"))
  struct LineEditingTmuxTests {
    /// A data folder where `user` (password `password1`) is signed in.
    private func signedInFolder(_ user: String) async throws -> URL {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(
        ["--data-dir", folder.path], input: "register \(user) password1\nlogin \(user) password1\n")
      return folder
    }

    @Test("Left, Right, Home, End and Delete move and delete inside the line; typing inserts at the cursor")
    func movingKeys() async throws {
      try await TmuxPane.with(folder: try await signedInFolder("ann")) { pane in
        try await pane.waitFor("ann>")
        // "add milk" → "add oat milk" → "add oat milks" → "add oat milk" → "xadd oat milk" → "add oat milk".
        try await pane.send("add milk", "Left", "Left", "Left", "Left", "oat ", "End", "s", "BSpace")
        try await pane.send("Home", "x", "Left", "DC", "Right", "Right", "Right", "Right", "Left")
        try await pane.waitFor("ann> add oat milk")
        try await pane.send("Enter")
        let screen = try await pane.waitFor("Added 1. oat milk")
        #expect(!screen.contains("␛"), "\(screen)")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    // Ctrl-L did nothing (issue 59).
    @Test("Ctrl-L clears the screen and draws the line being typed at its top")
    func clearScreen() async throws {
      try await TmuxPane.with(folder: try await signedInFolder("lia")) { pane in
        try await pane.waitFor("lia>")
        try await pane.type("add first")
        try await pane.waitFor("Added 1. first")
        try await pane.send("add sec", "C-l")
        let screen = try await pane.waitUntil("the line alone at the top") {
          $0.split(separator: "\n").first.map(String.init) == "lia> add sec"
        }
        #expect(!screen.contains("Added 1. first"), "\(screen)")
        try await pane.send("ond", "Enter")
        try await pane.waitFor("Added 2. second")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    // A pasted Tab completed the line: `add tab<TAB>here` stored "tabhere" (issue 59).
    @Test("pasted text is text: a Tab in it is a space, not a completion, and its line break enters the line")
    func pasteIsText() async throws {
      try await TmuxPane.with(folder: try await signedInFolder("pat")) { pane in
        try await pane.waitFor("pat>")
        try await pane.paste("add tab\there\n")
        try await pane.waitFor("Added 1. tab here")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test(
      "Ctrl-A and Ctrl-E go to the ends, Ctrl-K and Ctrl-U cut after and before the cursor, Ctrl-W a word")
    func controlKeys() async throws {
      try await TmuxPane.with(folder: try await signedInFolder("bea")) { pane in
        try await pane.waitFor("bea>")
        try await pane.send("rubbish", "C-u", "add tea cake", "C-w", "C-w", "C-a", "C-e", "water")
        try await pane.waitFor("bea> add water")
        try await pane.send("C-a", "Right", "Right", "Right", "Right", "C-k", "coffee", "C-a", "C-e", "Enter")
        try await pane.waitFor("Added 1. coffee")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test("Up and Down walk back and forth through the lines typed, the line being typed given back after")
    func historyInSession() async throws {
      try await TmuxPane.with(folder: try await signedInFolder("cal")) { pane in
        try await pane.waitFor("cal>")
        try await pane.type("add first")
        try await pane.waitFor("Added 1. first")
        try await pane.type("add second")
        try await pane.waitFor("Added 2. second")
        try await pane.send("draft", "Up", "Up")
        try await pane.waitFor("cal> add first")
        try await pane.send("Down")
        try await pane.waitFor("cal> add second")
        try await pane.send("Down")
        try await pane.waitFor("cal> draft")
        try await pane.send("C-u", "Up", "Up", " again", "Enter")
        try await pane.waitFor("Added 3. first again")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test("the history is kept per user in a 0600 file and comes back at the next launch, without passwords")
    func historyKeptPerUserWithoutPasswords() async throws {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(
        ["--data-dir", folder.path], input: "register dan password1\nregister eve password2\n")
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("todo>")
        try await pane.type("login dan password1")
        try await pane.waitFor("dan>")
        try await pane.type("add dan's task")
        try await pane.waitFor("Added 1. dan's task")
        try await pane.type("logout")
        try await pane.waitFor("Signed out.")
        try await pane.type("login eve")
        try await pane.waitFor("Password:")
        try await pane.type("password2")
        try await pane.waitFor("eve>")
        // Eve's history is her own: it holds nothing of Dan's lines yet, so Up changes nothing.
        try await pane.send("Up")
        try await pane.type("add eve's task")
        try await pane.waitFor("Added 1. eve's task")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
      let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.hasPrefix("history")
      }
      #expect(files.count == 2, "\(files)")
      for file in files {
        let path = folder.appendingPathComponent(file).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
          !text.contains("password1") && !text.contains("password2") && !text.contains("login"), "\(text)"
        )
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
      }
      // At the next launch Eve is signed in again, and Up brings back her last line.
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("eve>")
        try await pane.send("Up")
        try await pane.waitFor("eve> quit")
        try await pane.send("C-u", "Up", "Up")
        try await pane.waitFor("eve> add eve's task")
        try await pane.send("C-u", "quit", "Enter")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test("a password typed ahead after login of another user is read hidden, then the login is refused")
    func passwordTypedAheadAfterRefusedLogin() async throws {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register ann password1\nregister ben password2\nlogin ann password1\n")
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("ann>")
        try await pane.type("add milk")
        try await pane.waitFor("Added 1. milk")
        // Typed in one go, before the app answers the first line.
        try await pane.send("login ben", "Enter", "typed-ahead-pw", "Enter")
        let screen = try await pane.waitFor("Already signed in as ann; log out first.")
        #expect(!screen.contains("typed-ahead-pw") && !screen.contains("unknown command"), "\(screen)")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
      let history = try String(
        contentsOf: folder.appendingPathComponent("history-1"), encoding: .utf8)
      #expect(history == "add milk\nquit\n")
    }

    @Test("a line typed ahead after a refused register is no command: not repeated, not kept for Up")
    func passwordTypedAheadAfterRefusedRegister() async throws {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(["--data-dir", folder.path], input: "register ann password1\n")
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("todo>")
        try await pane.type("help")
        try await pane.waitFor("register NAME")
        try await pane.send("register ann", "Enter", "typed-ahead-pw", "Enter")
        let screen = try await pane.waitFor("register: the line after it is no command")
        #expect(!screen.contains("unknown command"), "\(screen)")
        // Up recalls `help`, the line before: the one typed ahead was not kept.
        try await pane.send("Up")
        try await pane.waitFor("todo> help")
        try await pane.send("C-u", "quit", "Enter")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test("text wider than the terminal scrolls inside the line, and a banner still lands above it")
    func longLineAndBanner() async throws {
      let folder = try await signedInFolder("fin")
      _ = try await AppProcess.run(["--data-dir", folder.path], input: "add Stretch\n")
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("fin>")
        try await pane.type("due 1 in 10s")
        try await pane.waitFor("Stretch is due")
        let long = "rename 1 " + String(repeating: "abcdefghij", count: 14) + "END"
        try await pane.send(long)
        try await pane.waitFor("END")
        try await pane.waitFor("🔔 Reminder")
        // The banner, the prompt's unread count and the line are drawn one after the other: wait
        // for all of them.
        let screen = try await pane.waitUntil("the prompt with its unread count, then the line's end") {
          $0.split(separator: "\n").contains { $0.hasPrefix("fin [1 unread]> ") && $0.hasSuffix("END") }
        }
        let lines = screen.split(separator: "\n")
        let row = try #require(lines.firstIndex { $0.hasPrefix("fin [1 unread]> ") }, "\(screen)")
        #expect(lines[row].hasSuffix("END"), "the end of the line, with the cursor, shows: \(lines[row])")
        #expect(lines[row].count < 120)
        #expect(row > 0 && lines[row - 1].hasPrefix("🔔 Reminder: “Stretch” is due now."), "\(lines)")
        try await pane.send("Home")
        try await pane.waitFor("fin [1 unread]> rename 1 abcdefghij")
        try await pane.send("Enter")
        try await pane.waitFor("Renamed 1 to: abcdefghij")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test("Ctrl-D on an empty line leaves the app as the end of input does, the terminal as it was")
    func endOfInput() async throws {
      try await TmuxPane.with { pane in
        try await pane.waitFor("todo>")
        // At the end of the line Ctrl-D deletes nothing; on a character it deletes it.
        try await pane.send("xy", "C-d", "Left", "C-d", "Home", "C-d", "z")
        try await pane.waitFor("todo> z")
        try await pane.send("BSpace", "C-d")
        #expect(try await pane.waitForExit() == "0")
        let settings = try pane.terminalSettings()
        let flags = settings.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" })
        #expect(
          flags.contains("echo") && flags.contains("icanon"), "stty -a after the app exited: \(settings)")
      }
    }

    @Test("Tab completes a command and a file's path; a second Tab lists the choices above the line")
    func tabCompletion() async throws {
      let folder = try await signedInFolder("fay")
      let files = folder.appendingPathComponent("csv")
      try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
      try Data("id,title,done,due,created,updated\n,from a file,false,,,\n".utf8)
        .write(to: files.appendingPathComponent("todos.csv"))
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("fay>")
        try await pane.send("l", "Tab", "Tab")
        // The choices are listed above the line, which stays as typed: columns as wide as the
        // widest choice and two spaces. Waited for together: the app writes the list, then redraws
        // the prompt and the line, and a capture may fall between the two.
        try await pane.waitFor("list    login   logout\nfay> l")
        try await pane.send("BSpace", "imp", "Tab", files.path + "/to", "Tab")
        try await pane.waitFor("fay> import \(files.path)/todos.csv")
        try await pane.send("Enter")
        try await pane.waitFor("Imported 1 row")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }
  }
}
