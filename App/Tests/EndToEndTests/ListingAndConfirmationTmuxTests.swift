import Foundation
import Testing

extension EndToEnd {
  /// Long lists and destructive commands at a real terminal under tmux.
  @Suite(
    "End to end: long lists and confirmations under tmux",
    .enabled(if: TmuxPane.tmuxPath != nil || TmuxPane.isCI, "tmux is not installed (and CI is not set)"))
  struct ListingAndConfirmationTmuxTests {
    /// A data folder where `user` is signed in with `rows` items from a CSV file, every third done.
    private func folder(_ user: String, rows: Int) async throws -> URL {
      let folder = AppProcess.temporaryFolder()
      let csv = folder.appendingPathComponent("items.csv")
      try AppProcess.writeCSV(rows: rows, to: csv)
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register \(user) password1\nlogin \(user) password1\nimport \(csv.path)\n")
      #expect(
        result.standardOutput.contains(
          "Imported \(rows.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) rows"),
        "\(result.standardOutput)")
      return folder
    }

    @Test("list at a terminal says the counts first and shows one page that fits, with how to see more")
    func listPages() async throws {
      try await TmuxPane.with(folder: try await folder("gus", rows: 2_000)) { pane in
        try await pane.waitFor("gus>")
        try await pane.type("list")
        // 40 rows: the typed line, the counts, 36 items, the footer and the prompt.
        var screen = try await pane.waitFor("Everything: list --all.")
        #expect(screen.contains("You have 2,000 items (1,333 open, 667 done)."), "\(screen)")
        #expect(screen.contains("Page 1 of 56: 1–36 of 2,000 items. Next: list --page 2."), "\(screen)")
        // Open items first: the 36th open item is number 52, the first done one is not shown.
        #expect(screen.contains("  52. [ ] Task number 1043"), "\(screen)")
        #expect(!screen.contains("  54. ") && !screen.contains(" [x] "), "\(screen)")
        try await pane.type("list done --page 2")
        screen = try await pane.waitFor("Page 2 of 19: 37–72 of 667 done items. Next: list done --page 3.")
        #expect(screen.contains(" [x] Task number"), "\(screen)")
        #expect(!screen.contains(" [ ] Task number"), "\(screen)")
        try await pane.type("list --all")
        screen = try await pane.waitFor("2000. [x] Task number 999")
        #expect(!screen.contains("Page "))
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test("a page follows the window: resized at the prompt from 40 rows to 14, list shows 10 items")
    func pageFollowsResize() async throws {
      try await TmuxPane.with(folder: try await folder("ivy", rows: 100)) { pane in
        try await pane.waitFor("ivy>")
        try await pane.run("resize-window", "-t", pane.session, "-x", "100", "-y", "14")
        try await pane.type("list")
        let screen = try await pane.waitFor("Everything: list --all.")
        #expect(screen.contains("Page 1 of 10: 1–10 of 100 items. Next: list --page 2."), "\(screen)")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    // Rows wider than the window wrapped to two lines each, so a page of them pushed the counts and
    // half the page off the screen (issue 59, defect 6).
    @Test("a page of titles wider than the window fits it: each row is cut to the width, ending in …")
    func longTitlesFit() async throws {
      let folder = AppProcess.temporaryFolder()
      let long = String(repeating: "very long title ", count: 8)
      let adds = (1...30).map { "add \(long)\($0)\n" }.joined()
      _ = try await AppProcess.run(
        ["--data-dir", folder.path], input: "register kit password1\nlogin kit password1\n" + adds)
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("kit>")
        try await pane.run("resize-window", "-t", pane.session, "-x", "80", "-y", "24")
        try await pane.type("list")
        // 24 rows: the typed line, the counts, 20 items, the footer and the prompt.
        let screen = try await pane.waitFor("Everything: list --all.")
        #expect(screen.contains("You have 30 items (30 open, 0 done)."), "\(screen)")
        #expect(screen.contains(" 1. [ ] very long title"), "\(screen)")
        #expect(screen.contains("Page 1 of 2: 1–20 of 30 items. Next: list --page 2."), "\(screen)")
        let rows = screen.split(separator: "\n").filter { $0.contains("[ ] very long title") }
        #expect(rows.count == 20, "\(screen)")
        #expect(rows.allSatisfy { $0.count == 80 && $0.hasSuffix("…") }, "\(screen)")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test("clear-done asks first: no keeps the items, yes deletes them; --yes answers in advance")
    func clearDoneAsks() async throws {
      try await TmuxPane.with(folder: try await folder("hal", rows: 7)) { pane in
        try await pane.waitFor("hal>")
        try await pane.type("clear-done")
        try await pane.waitFor(
          "Delete the 3 done items (“Task number 0”, “Task number 3”, “Task number 6”)? [y/N]")
        try await pane.type("n")
        try await pane.waitFor("clear-done: not confirmed; nothing was deleted.")
        try await pane.type("list")
        try await pane.waitFor("You have 7 items (4 open, 3 done).")
        try await pane.type("clear-done")
        try await pane.waitFor("[y/N]", times: 2)
        try await pane.type("y")
        try await pane.waitFor("Cleared 3 done items.")
        // Numbers stay as the list showed them: 1 was a done item, cleared; 2 is "Task number 1".
        try await pane.type("done 2")
        try await pane.waitFor("Done 2. Task number 1")
        try await pane.type("clear-done --yes")
        let screen = try await pane.waitFor("Cleared 1 done item.")
        #expect(
          screen.components(separatedBy: "[y/N]").count == 3, "asked twice, not a third time:\n\(screen)")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test(
      "undo of more than one item asks first, naming the change: no keeps the items, yes takes them back; one item is undone at once"
    )
    func undoAsksAboutMany() async throws {
      let folder = try await folder("ivy", rows: 3)
      let csv = folder.appendingPathComponent("items.csv").path
      try await TmuxPane.with(folder: folder) { pane in
        try await pane.waitFor("ivy>")
        try await pane.type("add one more")
        try await pane.waitFor("Added 4. one more")
        try await pane.type("undo")
        try await pane.waitFor("Undid: add \"one more\"")
        try await pane.type("undo")
        try await pane.waitFor("Undo import \(csv) (3 items removed, 0 restored)? [y/N]")
        try await pane.type("n")
        try await pane.waitFor("undo: not confirmed; nothing was undone.")
        try await pane.type("undo")
        try await pane.waitFor("[y/N]", times: 2)
        try await pane.type("y")
        try await pane.waitFor("Undid: import \(csv) (3 items removed, 0 restored).")
        try await pane.type("quit")
        #expect(try await pane.waitForExit() == "0")
      }
    }

    @Test("rm of several items asks first, naming them; rm of one does not; the answer is not in the history")
    func removeManyAsks() async throws {
      try await TmuxPane.with(folder: try await folder("ida", rows: 5)) { pane in
        try await pane.waitFor("ida>")
        try await pane.type("rm 2 4-5")
        try await pane.waitFor("Delete 3 items (“Task number 1”, “Task number 3”, “Task number 4”)? [y/N]")
        try await pane.send("Up")
        try await pane.type("yes")
        try await pane.waitFor("Removed: Task number 4")
        try await pane.type("rm 1")
        try await pane.waitFor("Removed: Task number 0")
        try await pane.type("list")
        let screen = try await pane.waitFor("You have 1 item (1 open, 0 done).")
        #expect(screen.contains("1. [ ] Task number 2"), "\(screen)")
        #expect(screen.components(separatedBy: "[y/N]").count == 2, "\(screen)")
        // Up recalls `list`, then `rm 1`: the answer `yes` was not kept.
        try await pane.send("Up", "Up")
        try await pane.waitFor("ida> rm 1")
        try await pane.send("C-u", "quit", "Enter")
        #expect(try await pane.waitForExit() == "0")
      }
    }
  }
}
