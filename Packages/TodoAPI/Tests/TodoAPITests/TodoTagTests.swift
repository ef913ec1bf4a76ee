import Foundation
import Testing
import TodoAPI

@Suite("TodoTag")
struct TodoTagTests {
  @Test(
    "a tag is + and a letter, then letters, digits, - or _, folded to lowercase",
    arguments: [
      ("+home", "home"), ("+Home", "home"), ("+work-2026", "work-2026"), ("+a_b", "a_b"), ("+Côté", "côté"),
      ("+1", nil), ("+", nil), ("C++", nil), ("+home!", nil), ("+-x", nil), ("home", nil), ("++home", nil),
    ] as [(String, String?)])
  func reading(word: String, name: String?) {
    if let name {
      #expect(TodoTag.read(word) == .tag(TodoTag(name)!))
    } else {
      #expect(TodoTag.read(word) == .notATag)
    }
  }

  // Regression (found by the import-row fuzzer): a name starting with a combining mark, which Swift
  // counts as a letter, was a tag, but after a space in the stored field the mark joined the space,
  // so the field did not read back.
  @Test("a word starting with a combining mark is no tag, so every stored field reads back")
  func combiningMark() throws {
    #expect(TodoTag.read("+\u{05B7}rk") == .notATag)
    #expect(TodoTag("\u{05B7}Rk") == nil)
    guard case .failure = TodoTag.tags(in: "\u{05B7}Rk x-y_1") else {
      Issue.record("a field with such a word was read")
      return
    }
    let tags = try TodoTag.tags(in: "x-y_2 x-y_1").get()
    #expect(try TodoTag.tags(in: TodoTag.field(tags)).get() == tags)
  }

  @Test("a name of 32 characters is a tag; 33 is too long, and said so rather than left in a title")
  func length() {
    let name = String(repeating: "a", count: TodoTag.maximumLength)
    #expect(TodoTag.read("+" + name) == .tag(TodoTag(name)!))
    #expect(TodoTag.read("+" + name + "b") == .tooLong("+" + name + "b"))
    #expect(TodoTag(name + "b") == nil)
  }

  @Test("split takes the tags out of a title, sorted and each once; other words stay")
  func split() throws {
    let (title, tags) = try TodoTag.split("buy milk +Home +errand +home").get()
    #expect(title == "buy milk")
    #expect(tags.map(\.description) == ["+errand", "+home"])
    let kept = try TodoTag.split("+1 for Bob, C++ and a + b  spaced").get()
    #expect(kept.title == "+1 for Bob, C++ and a + b  spaced" && kept.tags.isEmpty)
    let mixed = try TodoTag.split("+1 for Bob +team").get()
    #expect(mixed.title == "+1 for Bob" && mixed.tags == [TodoTag("team")!])
    #expect(try TodoTag.split("just a title").get().title == "just a title")
  }

  @Test("split refuses a tag too long and more than 16 tags")
  func splitLimits() {
    let long = "+" + String(repeating: "x", count: 33)
    #expect(throws: TodoFailure.tagTooLong(long, limit: 32)) { try TodoTag.split("a \(long)").get() }
    let many = (0...TodoTag.maximumCount).map { "+t\($0)" }.joined(separator: " ")
    #expect(throws: TodoFailure.tooManyTags(count: 17, limit: 16)) { try TodoTag.split("a \(many)").get() }
    #expect(
      TodoFailure.tagTooLong(long, limit: 32).description
        == "The tag \(long) is 33 characters long; the limit is 32.")
  }

  @Test("a stored field reads back as the tags it was written from; a word that is not a tag fails")
  func field() throws {
    let tags = try TodoTag.tags(in: "work +Errand  home").get()
    #expect(TodoTag.field(tags) == "errand home work")
    #expect(try TodoTag.tags(in: TodoTag.field(tags)).get() == tags)
    #expect(try TodoTag.tags(in: "").get() == [])
    #expect(throws: TodoFailure.notATag("2x")) { try TodoTag.tags(in: "home 2x").get() }
  }

  @Test("an item encoded before items had tags decodes with none; tags encode as their names")
  func codable() throws {
    let old = #"{"id":"a","title":"Old","isDone":false,"createdAt":0,"updatedAt":0,"priority":"low"}"#
    var item = try JSONDecoder().decode(TodoItem.self, from: Data(old.utf8))
    #expect(item.tags == [])
    item.tags = [TodoTag("home")!]
    let encoded = try JSONEncoder().encode(item)
    #expect(String(decoding: encoded, as: UTF8.self).contains(#""tags":["home"]"#))
    #expect(try JSONDecoder().decode(TodoItem.self, from: encoded) == item)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([TodoTag].self, from: Data(#"["+1"]"#.utf8))
    }
  }
}
