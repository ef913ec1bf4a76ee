import Foundation
import Testing
import TodoAPI
import TodoApp

@Suite("InputParser: pages, several items, --yes")
struct InputParserListingTests {
  private let script = InputParser(timeZone: TimeZone(identifier: "UTC")!, workingDirectory: "/")
  private let terminal = InputParser(
    timeZone: TimeZone(identifier: "UTC")!, workingDirectory: "/", pageSize: 30)

  @Test(
    "at a terminal list shows a page; --all everything; --page N that page; in a script list is everything")
  func listPages() {
    #expect(terminal.parse("list") == .success(.listPage(.all, page: 1, pageSize: 30)))
    #expect(terminal.parse("list open --page 3") == .success(.listPage(.open, page: 3, pageSize: 30)))
    #expect(terminal.parse("ls --ALL due") == .success(.list(.due)))
    #expect(script.parse("list") == .success(.list(.all)))
    #expect(script.parse("list --page 2") == .success(.listPage(.all, page: 2, pageSize: 50)))
    #expect(
      script.parse("list --page 0")
        == .failure(.init(command: "list", reason: "--page takes a page number from 1: list --page 2")))
    #expect(
      script.parse("list --all --page 2")
        == .failure(
          .init(command: "list", reason: "usage: list [open|done|due] [+TAG…] [-TAG…] [--all | --page N]")))
    #expect(
      script.parse("list open done")
        == .failure(
          .init(command: "list", reason: "usage: list [open|done|due] [+TAG…] [-TAG…] [--all | --page N]")))
  }

  @Test("rm takes numbers and ranges, each item once, in the order typed; one number is a plain rm")
  func removeSeveral() {
    #expect(script.parse("rm 4") == .success(.remove(position: 4)))
    #expect(script.parse("rm 5 2-4 3") == .success(.removeItems(positions: [5, 2, 3, 4])))
    #expect(script.parse("rm --yes 1-2") == .success(.removeItems(positions: [1, 2])))
    for bad in ["rm", "rm 0", "rm 3-1", "rm 1-", "rm x", "rm 1-2-3", "rm --yes"] {
      #expect(
        script.parse(bad)
          == .failure(.init(command: "rm", reason: "usage: rm N [N…] (numbers or ranges, as in rm 2 5-9)")),
        "\(bad)")
    }
  }

  @Test("a range of more than 100,000 items is refused with the limit named")
  func removeRangeLimit() {
    #expect(script.parse("rm 1-100000") == .success(.removeItems(positions: Array(1...100_000))))
    #expect(
      script.parse("rm 1-100001")
        == .failure(
          .init(command: "rm", reason: "a range holds at most 100,000 items; 1-100001 holds 100,001")))
  }

  @Test("at a terminal clear-done and rm of several wait for a yes, unless --yes answers in advance")
  func yes() throws {
    let terminal = InputParser(
      timeZone: TimeZone(identifier: "UTC")!, workingDirectory: "/", pageSize: 20, atTerminal: true)
    #expect(script.parse("clear-done --yes") == .success(.clearDone(confirmed: true)))
    #expect(script.parse("clear-done") == .success(.clearDone(confirmed: true)))
    #expect(terminal.parse("clear-done --YES") == .success(.clearDone(confirmed: true)))
    #expect(terminal.parse("clear-done") == .success(.clearDone(confirmed: false)))
    #expect(script.parse("undo") == .success(.undo))
    #expect(terminal.parse("undo") == .success(.undoAskingFirst))
    #expect(terminal.parse("undo --yes") == .success(.undo))
    // A trace recorded before undo could ask holds `undo`, which ran at once: it still reads so.
    #expect(try JSONDecoder().decode(UserIntent.self, from: Data(#"{"undo":{}}"#.utf8)) == .undo)
    #expect(terminal.parse("rm 1 --yes 2") == .success(.removeItems(positions: [1, 2], confirmed: true)))
    #expect(terminal.parse("rm 1 2") == .success(.removeItems(positions: [1, 2], confirmed: false)))
    #expect(terminal.parse("rm 1") == .success(.remove(position: 1)))
  }
}
