import Foundation
import Testing

extension EndToEnd {
  /// Tags at a real terminal under tmux: add with tags, tag and untag, list +x -y, and Tab.
  @Suite(
    "End to end: tags under tmux",
    .enabled(if: TmuxPane.tmuxPath != nil || TmuxPane.isCI, "tmux is not installed (and CI is not set)"))
  struct TagTmuxTests {
    @Test(
      "add with tags, tag and untag, list +home -work numbered as in the list; Tab completes untag and tags")
    func tags() async throws {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(
        ["--data-dir", folder.path], input: "register tom password1\nlogin tom password1\n")
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("tom>")
        try await pane.type("add Buy milk +home +errand")
        try await pane.waitFor("Added 1. Buy milk +errand +home")
        try await pane.type("add Write report +work +home")
        try await pane.waitFor("Added 2. Write report +home +work")
        try await pane.type("add Call mom")
        try await pane.waitFor("Added 3. Call mom")
        try await pane.type("tag 3 +Home")
        try await pane.waitFor("3. Call mom is tagged +home.")
        try await pane.type("untag 1 +errand")
        try await pane.waitFor("1. Buy milk is tagged +home.")
        try await pane.type("untag 1 +work")
        try await pane.waitFor("1. Buy milk has no tag +work (its tags: +home); nothing was changed.")
        // Tab completes the tags in use: `+ho` becomes `+home`, `-wo` becomes `-work`.
        try await pane.send("list +ho", "Tab", "-wo", "Tab", "Enter")
        let listed = try await pane.waitFor("3. [ ] Call mom +home")
        #expect(listed.contains("1. [ ] Buy milk +home"), "\(listed)")
        #expect(!listed.contains("2. [ ] Write report"), "\(listed)")
        // Tab completes the command's name: `unt` becomes `untag `.
        try await pane.send("unt", "Tab")
        try await pane.type("3 +home")
        try await pane.waitFor("3. Call mom has no tags now.")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }
  }
}
