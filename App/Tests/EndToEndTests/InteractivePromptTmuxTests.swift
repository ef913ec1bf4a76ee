import Foundation
import Testing

extension EndToEnd {
  /// Passwords, the first launch and hostile text at a real terminal under tmux.
  @Suite(
    "End to end: the prompt under tmux",
    .enabled(if: TmuxPane.tmuxPath != nil || TmuxPane.isCI, "tmux is not installed (and CI is not set)"))
  struct InteractivePromptTmuxTests {
    @Test("the first launch greets the user and says to type help; the next launch does not")
    func firstLaunchGreeting() async throws {
      let folder = AppProcess.temporaryFolder().appendingPathComponent("fresh")
      try await TmuxPane.with(folder: folder) { pane in
        let screen = try await pane.waitFor("todo>")
        #expect(screen.contains("Type help to see the commands."), "\(screen)")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
      try await TmuxPane.with(folder: folder) { pane in
        let screen = try await pane.waitFor("todo>")
        #expect(!screen.contains("Type help"), "\(screen)")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test("a new password too short is refused after its first entry, without asking for it again")
    func shortPasswordRefusedAtOnce() async throws {
      try await TmuxPane.with { pane in
        try await pane.waitFor("todo>")
        try await pane.type("register sam")
        try await pane.waitFor("Password:")
        try await pane.type("short")
        let screen = try await pane.waitFor(
          "Registration failed: The password must be at least 8 characters long.")
        #expect(!screen.contains("Password again:"), "\(screen)")
        try await pane.waitFor("todo>", times: 2)
        // The pane is closed with the app in it: a prompt still asking would take `quit` as an answer.
      }
    }

    @Test("a password with spaces typed at the hidden prompt registers and signs in")
    func passwordWithSpaces() async throws {
      try await TmuxPane.with { pane in
        try await pane.waitFor("todo>")
        try await pane.type("register pia")
        try await pane.waitFor("Password:")
        try await pane.type("three word secret")
        try await pane.waitFor("Password again:")
        try await pane.type("three word secret")
        try await pane.waitFor("Registered pia.")
        try await pane.type("login pia")
        try await pane.waitFor("Password:", times: 2)
        try await pane.type("three word secret")
        let screen = try await pane.waitFor("pia>")
        #expect(screen.contains("Signed in as pia."))
        #expect(!screen.contains("three word secret"))
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test(
      "register asks for the password only for a free name, and twice: two that differ register nothing")
    func registerChecksNameAndAsksTwice() async throws {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(["--data-dir", folder.path], input: "register uma password1\n")
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("todo>")
        try await pane.type("register uma")
        var screen = try await pane.waitFor("Registration failed: The user name \"uma\" is taken.")
        #expect(
          !screen.contains("Password:"), "a taken name is said before any password is asked:\n\(screen)")
        try await pane.type("register val")
        try await pane.waitFor("Password:")
        try await pane.type("first-secret")
        try await pane.waitFor("Password again:")
        try await pane.type("first-secrte")
        try await pane.waitFor("the two passwords differ; nothing was registered")
        try await pane.type("login val first-secret")
        screen = try await pane.waitFor("Sign-in failed: Wrong user name or password.")
        try await pane.type("register val")
        try await pane.waitFor("Password:", times: 2)
        try await pane.type("first-secret")
        try await pane.waitFor("Password again:", times: 2)
        try await pane.type("first-secret")
        screen = try await pane.waitFor("Registered val.")
        #expect(!screen.contains("first-secrte"), "\(screen)")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test("a password typed on the command line at a terminal signs in, with a warning")
    func passwordOnTheLineWarns() async throws {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(["--data-dir", folder.path], input: "register rex password1\n")
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("todo>")
        try await pane.type("login rex password1")
        let screen = try await pane.waitFor("rex>")
        #expect(screen.contains("The password was typed on the line"), "\(screen)")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test("keys that send escape sequences never put them in the line: Up with no history and F5 add nothing")
    func escapeShownAtTheTerminal() async throws {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(
        ["--data-dir", folder.path], input: "register sol password1\nlogin sol password1\n")
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("sol>")
        // The Up arrow sends `ESC [ A` and F5 `ESC [ 1 5 ~`; before the line editor, Up was submitted as is.
        try await pane.send("Up", "F5", "frob", "Enter")
        let screen = try await pane.waitFor("unknown command")
        #expect(screen.contains("frob: unknown command \"frob\""), "\(screen)")
        #expect(!screen.contains("␛"), "\(screen)")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }
  }
}
