import Foundation
import Testing

extension EndToEnd {
  /// `list` pages and destructive commands in scripts, where nobody can answer a question.
  @Suite("End to end: scripted lists and deletions")
  struct ScriptedListingTests {
    private func run(_ script: String) async throws -> AppProcess.Output {
      let folder = AppProcess.temporaryFolder()
      return try await AppProcess.run(
        ["--data-dir", folder.path], input: "register kim password1\nlogin kim password1\n" + script)
    }

    @Test("list in a script shows every item, as before; list --page N shows 50 after the counts")
    func listInScripts() async throws {
      let adds = (1...60).map { "add item \($0)\n" }.joined()
      let result = try await run(adds + "done 2\nlist\nlist --page 2\nlist --all\nlist --page 3\n")
      let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      let listed = lines.filter { $0.hasSuffix(". [ ] item 60") }
      #expect(listed.count == 3, "list, list --page 2 and list --all each show item 60")
      let summary = try #require(lines.firstIndex(of: "You have 60 items (59 open, 1 done)."))
      // Open items first, then the done one.
      #expect(
        lines[(summary + 1)...(summary + 10)].map(String.init)
          == (52...60).map { "\($0). [ ] item \($0)" } + [" 2. [x] item 2"])
      #expect(lines[summary + 11] == "Page 2 of 2: 51–60 of 60 items. Everything: list --all.")
      #expect(result.standardOutput.hasSuffix("There is no page 3; the list has 2 pages of 50 (see list).\n"))
      #expect(result.status == 1)
    }

    // A number the page shown has no row for is looked up in the database (`TodoCommand.lookUp`),
    // which keeps the numbers the listing gave: `rm 3` after `list --page 2` removes the third item,
    // and 3 then names an item deleted since the listing.
    @Test("after list --page 2, numbers off the page name the listing's items, looked up in the database")
    func numbersOffThePage() async throws {
      let adds = (1...60).map { "add item \($0)\n" }.joined()
      let result = try await run(
        adds + "list --page 2\nrm 3\ndone 3\ndone 55\ndone 4\nrename 7 seven\nrm 70\n")
      let lines = result.standardOutput.split(separator: "\n").map(String.init)
      let page = try #require(lines.firstIndex(of: "Page 2 of 2: 51–60 of 60 items. Everything: list --all."))
      #expect(
        Array(lines[(page + 1)...]) == [
          "Removed: item 3",
          "Item 3 was deleted after the list was shown; nothing was changed (list shows the numbers now).",
          "Done 55. item 55", "Done 4. item 4", "Renamed 7 to: seven",
          "There is no item 70; the list has 59 (see list).",
        ], "\(result.standardOutput)")
      #expect(result.status == 1)
    }

    // Before issue 56's step S5 a session began with numbers of its own (the model's positions), so
    // `done 3` after a restart named what was then the third item, or nothing, not the last
    // listing's 3.
    @Test(
      "the numbers outlast a restart: done 3 is the last listing's 3; add and find print the database's numbers"
    )
    func numbersOutlastARestart() async throws {
      let folder = AppProcess.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let first = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register kim password1\nlogin kim password1\nadd apple\nadd banana\nadd cherry\nlist\nrm 2\n")
      #expect(first.status == 0, "\(first.standardOutput)")
      let second = try await AppProcess.run(
        ["--data-dir", folder.path], input: "login kim password1\ndone 3\nadd date\nfind cherry\n")
      let lines = second.standardOutput.split(separator: "\n").map(String.init)
      let done = try #require(lines.firstIndex(of: "Done 3. cherry"), "\(second.standardOutput)")
      #expect(
        Array(lines[done...]) == [
          "Done 3. cherry", "Added 4. date", "1 item matches \"cherry\", best first:", "3. [x] cherry",
        ], "\(second.standardOutput)")
      #expect(second.status == 0)
    }

    @Test("info N shows every field of item N, named as done N names it")
    func info() async throws {
      let result = try await run("add Pack +trip\npri 1 high\ninfo 1\ninfo 2\n")
      let lines = result.standardOutput.split(separator: "\n").map(String.init)
      let info = try #require(lines.firstIndex(of: "Item 1: Pack"), "\(result.standardOutput)")
      #expect(
        Array(lines[info..<(info + 5)]) == [
          "Item 1: Pack", "  state     open", "  priority  high", "  due       none", "  tags      +trip",
        ], "\(result.standardOutput)")
      #expect(lines.last == "There is no item 2; the list has 1 (see list).", "\(result.standardOutput)")
      #expect(result.status == 1)
    }

    @Test("rm of several items and clear-done delete without asking in a script; --yes is accepted")
    func deletionsInScripts() async throws {
      let result = try await run(
        "add a\nadd b\nadd c\nadd d\nadd e\ndone 5\nrm 1 3-4\nclear-done --yes\nlist\nrm 9 1\nlist\n")
      #expect(result.status == 1)
      // Each item is removed by a command of its own; they run at once, so their lines may come in
      // any order.
      let lines = result.standardOutput.split(separator: "\n").map(String.init)
      let removed = try #require(lines.firstIndex { $0.hasPrefix("Removed: ") })
      #expect(Set(lines[removed..<(removed + 3)]) == ["Removed: a", "Removed: c", "Removed: d"])
      #expect(
        Array(lines[(removed + 3)...]) == [
          "Cleared 1 done item.", "1. [ ] b", "There is no item 9; the list has 1 (see list).", "1. [ ] b",
        ], "\(result.standardOutput)")
    }
  }
}
