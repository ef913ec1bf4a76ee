import Foundation
import Testing

extension EndToEnd {
  /// `find` and `pri` at a real terminal under tmux: what a person sees, paged to the window.
  @Suite(
    "End to end: find and priorities under tmux",
    .enabled(if: TmuxPane.tmuxPath != nil || TmuxPane.isCI, "tmux is not installed (and CI is not set)"))
  struct FindAndPriorityTmuxTests {
    @Test(
      "pri orders the list at the prompt; find shows the matches numbered as in the list, then acts on them")
    func findAndPriority() async throws {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(
        ["--data-dir", folder.path],
        input:
          "register gus password1\nlogin gus password1\nadd Buy milk\nadd Call the bank\nadd Buy oat milk\n")
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("gus>")
        try await pane.type("pri 3 high")
        try await pane.waitFor("3. Buy oat milk has high priority.")
        try await pane.type("list")
        let listed = try await pane.waitFor("1. [ ] Buy milk")
        let order = ["3. [ ] Buy oat milk  (high priority)", "1. [ ] Buy milk", "2. [ ] Call the bank"]
          .map { listed.range(of: $0)?.lowerBound }
        #expect(!order.contains(nil) && order == order.sorted { $0! < $1! }, "\(listed)")
        try await pane.type("find MILK")
        try await pane.waitFor("2 items match \"MILK\", best first:")
        // The numbers are the list's: done 1 marks "Buy milk" done, whatever its rank in the matches.
        try await pane.type("done 1")
        let screen = try await pane.waitFor("Done 1. Buy milk")
        #expect(!screen.contains("␛"), "\(screen)")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }
  }
}
