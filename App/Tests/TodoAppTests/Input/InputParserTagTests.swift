import Foundation
import Testing
import TodoAPI
import TodoApp

@Suite("InputParser: tags")
struct InputParserTagTests {
  private let script = InputParser(timeZone: TimeZone(identifier: "UTC")!, workingDirectory: "/")
  private let terminal = InputParser(
    timeZone: TimeZone(identifier: "UTC")!, workingDirectory: "/", pageSize: 30)

  private func tags(_ names: String...) -> [TodoTag] { names.compactMap { TodoTag($0) } }

  @Test("add keeps the line as typed: the updater takes the tags out of it")
  func add() {
    #expect(script.parse("add buy milk +home +errand") == .success(.add(title: "buy milk +home +errand")))
  }

  @Test("tag N and untag N take one or more tags, with or without +, in any case")
  func tagAndUntag() {
    #expect(script.parse("tag 3 +Work") == .success(.tag(position: 3, tags("work"))))
    #expect(script.parse("tag 1 +home errand") == .success(.tag(position: 1, tags("home", "errand"))))
    #expect(script.parse("untag 2 +work") == .success(.untag(position: 2, tags("work"))))
    for (line, reason) in [
      ("tag 3", "usage: tag N +TAG [+TAG…] (help tag says what a tag is)"),
      ("untag +work", "usage: untag N +TAG [+TAG…] (help tag says what a tag is)"),
      ("tag 0 +work", "usage: tag N +TAG [+TAG…] (help tag says what a tag is)"),
      ("tag 3 +1", "\"+1\" is not a tag: a tag starts with a letter and holds letters, digits, - and _."),
      (
        "tag 3 +\(String(repeating: "a", count: 33))",
        "The tag +\(String(repeating: "a", count: 33)) is 33 characters long; the limit is 32."
      ),
    ] {
      let command = String(line.prefix { $0 != " " })
      #expect(script.parse(line) == .failure(.init(command: command, reason: reason)), "\(line)")
    }
  }

  @Test("list +TAG and -TAG filter by tags, with open, done or due and with pages")
  func listByTags() {
    let home = TagFilter(required: tags("home"))
    #expect(script.parse("list +Home") == .success(.list(.all, tags: home)))
    #expect(
      terminal.parse("list open +home +errand -work --page 2")
        == .success(
          .listPage(
            .open, tags: TagFilter(required: tags("home", "errand"), excluded: tags("work")), page: 2,
            pageSize: 30)))
    #expect(
      terminal.parse("ls -work --all") == .success(.list(.all, tags: TagFilter(excluded: tags("work")))))
    #expect(
      script.parse("list +1")
        == .failure(
          .init(
            command: "list",
            reason:
              "\"+1\" is not a tag to filter by (+TAG or -TAG); usage: list [open|done|due] [+TAG…] [-TAG…] [--all | --page N]"
          )))
    #expect(
      script.parse("list -")
        == .failure(
          .init(
            command: "list",
            reason:
              "\"-\" is not a tag to filter by (+TAG or -TAG); usage: list [open|done|due] [+TAG…] [-TAG…] [--all | --page N]"
          )))
  }

  @Test("help tag, help tags, help untag and help add show how tags are written")
  func help() {
    for line in ["help tag", "help TAGS", "help untag", "help add"] {
      #expect(script.parse(line) == .success(.tagHelp), "\(line)")
    }
  }
}

@Suite("UserIntent: traces recorded before tags")
struct UserIntentBeforeTagsTests {
  @Test("a list or a page of the list recorded without tags decodes with no tag filter")
  func listWithoutTags() throws {
    let decoder = JSONDecoder()
    let list = try decoder.decode(UserIntent.self, from: Data(#"{"list":{"_0":"open"}}"#.utf8))
    #expect(list == .list(.open))
    let page = try decoder.decode(
      UserIntent.self, from: Data(#"{"listPage":{"_0":"all","page":2,"pageSize":30}}"#.utf8))
    #expect(page == .listPage(.all, page: 2, pageSize: 30))
  }

  @Test("a list with tags goes through JSON and back")
  func listWithTags() throws {
    let intent = UserIntent.list(.done, tags: TagFilter(required: [TodoTag("home")!]))
    let data = try JSONEncoder().encode(intent)
    #expect(try JSONDecoder().decode(UserIntent.self, from: data) == intent)
  }
}
