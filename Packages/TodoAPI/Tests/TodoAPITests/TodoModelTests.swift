import AuthenticationAPI
import Foundation
import Testing
import TodoAPI

@Suite("TodoModel")
struct TodoModelTests {
  private func item(_ id: String, at seconds: Double, done: Bool = false) -> TodoItem {
    TodoItem(
      // Safe: "item " and an identifier is never empty nor longer than 500 characters.
      id: TodoID(rawValue: id), title: try! TodoTitle(validating: "item \(id)"), isDone: done,
      createdAt: Date(timeIntervalSince1970: seconds))
  }

  @Test("a summary counts items open and done, and each tag once per item; a count below 1 is dropped")
  func summaryCounts() {
    func tagged(_ id: String, _ names: String..., at seconds: Double, done: Bool = false) -> TodoItem {
      var tagged = item(id, at: seconds, done: done)
      tagged.tags = names.compactMap { TodoTag($0) }
      return tagged
    }
    let summary = TodoSummary(counting: [
      tagged("a", "home", at: 1), tagged("b", "home", "work", at: 2, done: true), item("c", at: 3),
    ])
    #expect(summary.counts == TodoCounts(total: 3, open: 2))
    #expect(summary.counts.done == 1)
    #expect(
      Dictionary(uniqueKeysWithValues: summary.tagCounts.map { ($0.name, $1) }) == ["home": 2, "work": 1])
    #expect(TodoSummary(counting: []) == TodoSummary())
    // Safe: both are tags.
    let (home, work) = (TodoTag("home")!, TodoTag("work")!)
    #expect(TodoSummary(tagCounts: [home: 0, work: 2]).tagCounts == [work: 2])
  }

  @Test("a model with a summary survives a Codable round trip; clearing it forgets the summary")
  func codableWithSummary() throws {
    let owner = UserID(rawValue: 1)
    let items = [item("a", at: 1), item("b", at: 2, done: true)]
    var model = TodoModel(owner: owner, summary: TodoSummary(counting: items))
    let decoded = try JSONDecoder().decode(TodoModel.self, from: JSONEncoder().encode(model))
    #expect(decoded == model)
    #expect(decoded.summary?.counts == TodoCounts(total: 2, open: 1))
    model.clear()
    #expect(model.summary == nil)
  }

  @Test("accepts the results of its owner only: none while signed out, none of another user")
  func acceptsTheOwnersResults() {
    let ann = UserID(rawValue: 1)
    let result = TodoMessage.removed([TodoID(rawValue: "a")], owner: ann)
    #expect(TodoModel(owner: ann).accepts(result))
    #expect(!TodoModel(owner: UserID(rawValue: 2)).accepts(result))
    #expect(!TodoModel(owner: nil).accepts(result))
  }

  @Test("titles are trimmed, non-empty, at most 500 characters, any Unicode")
  func titles() {
    #expect(TodoTitle.validate("  Buy 🥐 and 茶 \n").map(\.text) == .success("Buy 🥐 and 茶"))
    #expect(TodoTitle.validate("line\nbreak").map(\.text) == .success("line break"))
    #expect(TodoTitle.validate("   ") == .failure(.emptyTitle))
    // Nothing visible is empty too: zero-width spaces, joiners and marks alone.
    #expect(TodoTitle.validate("\u{200B}") == .failure(.emptyTitle))
    #expect(TodoTitle.validate(" \u{200B}\u{2060}\u{FEFF} ") == .failure(.emptyTitle))
    #expect(TodoTitle.validate("a\u{200B}b").map(\.text) == .success("a\u{200B}b"))
    #expect(TodoTitle.validate(String(repeating: "é", count: 500)).map(\.text.count) == .success(500))
    #expect(
      TodoTitle.validate(String(repeating: "x", count: 501))
        == .failure(.titleTooLong(length: 501, limit: 500)))
    #expect(
      TodoFailure.titleTooLong(length: 501, limit: 500).description
        == "The title is 501 characters long; the limit is 500.")
  }

  @Test("a title that starts and ends with visible ASCII is taken as it is, whatever lies between")
  func visibleASCIIEnds() {
    // The quick path for such titles (nearly all) must agree with the character walk.
    for title in [
      "a", "Pay rent", "a\tb", "x \u{200B} y", "é\u{301}x", "(\u{0600}a)", String(repeating: "x", count: 500),
    ] {
      #expect(TodoTitle.validate(title).map(\.text) == .success(title))
    }
    #expect(TodoTitle.validate("a\u{2028}b").map(\.text) == .success("a b"))
    #expect(TodoTitle.validate("a\u{85}b").map(\.text) == .success("a b"))
    #expect(TodoTitle.validate("a\rb").map(\.text) == .success("a b"))
    #expect(TodoTitle.validate(String(repeating: "x", count: 499) + "é").map(\.text.count) == .success(500))
    #expect(
      TodoTitle.validate("x" + String(repeating: "é", count: 499) + "x")
        == .failure(.titleTooLong(length: 501, limit: 500)))
  }
}
