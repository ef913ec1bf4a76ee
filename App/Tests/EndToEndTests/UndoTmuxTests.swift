import Foundation
import Testing

extension EndToEnd {
  /// `undo` at a real terminal under tmux: what a person sees after a deletion, an undo, and the
  /// retired `undo N`.
  @Suite(
    "End to end: undo under tmux",
    .enabled(if: TmuxPane.tmuxPath != nil || TmuxPane.isCI, "tmux is not installed (and CI is not set)"))
  struct UndoTmuxTests {
    @Test("rm then undo at the prompt puts the item back where it was; undo N reopens with a notice")
    func undoAtThePrompt() async throws {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register gus password1\nlogin gus password1\nadd Buy milk\nadd Call the bank\ndone 2\n")
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("gus>")
        try await pane.type("rm 1")
        try await pane.waitFor("Removed: Buy milk")
        try await pane.type("undo")
        try await pane.waitFor("Undid: rm \"Buy milk\"")
        try await pane.type("list")
        let listed = try await pane.waitFor("2. [x] Call the bank")
        #expect(listed.contains("1. [ ] Buy milk"), "\(listed)")
        try await pane.type("undo 2")
        try await pane.waitFor("`undo N` is now `reopen N`")
        let screen = try await pane.waitFor("Reopened 2. Call the bank")
        #expect(!screen.contains("␛"), "\(screen)")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }
  }
}
