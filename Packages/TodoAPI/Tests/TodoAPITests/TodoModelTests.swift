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
    var model = TodoModel(owner: owner, items: [item("a", at: 1), item("b", at: 2, done: true)])
    model.summary = TodoSummary(counting: model.items)
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

  @Test("keeps items in display order: oldest first, then by identity")
  func displayOrder() {
    let model = TodoModel(items: [item("c", at: 2), item("b", at: 1), item("a", at: 2)])
    #expect(model.items.map(\.id.rawValue) == ["b", "a", "c"])
  }

  @Test("upsert replaces an item in place, or inserts it at its ordered position")
  func upsert() {
    var model = TodoModel(items: [item("a", at: 1), item("c", at: 3)])
    var renamed = item("a", at: 1)
    renamed.title = "renamed"
    model.upsert(renamed)
    model.upsert(item("b", at: 2))
    model.upsert(item("d", at: 4))
    #expect(model.items.map(\.id.rawValue) == ["a", "b", "c", "d"])
    #expect(model.item(TodoID(rawValue: "a"))?.title == "renamed")
    #expect(model.item(TodoID(rawValue: "b"))?.createdAt == Date(timeIntervalSince1970: 2))
  }

  @Test("an item whose creation time changes moves, and every lookup stays right")
  func upsertMoves() {
    var model = TodoModel(items: [item("a", at: 1), item("b", at: 2), item("c", at: 3)])
    model.upsert(item("a", at: 9))
    #expect(model.items.map(\.id.rawValue) == ["b", "c", "a"])
    for id in ["a", "b", "c"] { #expect(model.item(TodoID(rawValue: id))?.id.rawValue == id) }
  }

  @Test("position(of:) is the item's index in display order through inserts, moves and removals")
  func positions() {
    var model = TodoModel(items: [item("a", at: 1), item("b", at: 2), item("c", at: 3)])
    model.upsert(item("a", at: 9))
    model.upsert(item("0", at: 0))
    model.remove([TodoID(rawValue: "b")])
    for (index, item) in model.items.enumerated() { #expect(model.position(of: item.id) == index) }
    #expect(model.items.map(\.id.rawValue) == ["0", "c", "a"])
    #expect(model.position(of: TodoID(rawValue: "b")) == nil)
  }

  @Test("remove deletes by identity and keeps lookups right")
  func remove() {
    var model = TodoModel(items: [item("a", at: 1), item("b", at: 2), item("c", at: 3)])
    model.remove([TodoID(rawValue: "b"), TodoID(rawValue: "zz")])
    #expect(model.items.map(\.id.rawValue) == ["a", "c"])
    #expect(model.item(TodoID(rawValue: "c"))?.id.rawValue == "c")
    #expect(model.item(TodoID(rawValue: "b")) == nil)
  }

  @Test("after any mix of inserts, moves and removals, the model equals one indexed from scratch")
  func incrementalIndex() {
    var model = TodoModel(owner: nil, items: (0..<50).map { item("\($0)", at: Double($0)) })
    // A fixed linear congruential sequence: the same steps at every run.
    var state: UInt64 = 42
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    for step in 0..<2000 {
      switch next(4) {
      case 0:
        var new = item("\(next(80))", at: Double(next(60)), done: next(2) == 0)
        new.dueDate = next(2) == 0 ? Date(timeIntervalSince1970: Double(step)) : nil
        model.upsert(new)
      case 1:
        model.remove([TodoID(rawValue: "\(next(80))")])
      case 2:
        model.remove((0..<next(5)).map { _ in TodoID(rawValue: "\(next(80))") })
      default:
        guard !model.items.isEmpty else { continue }
        var changed = model.items[next(model.items.count)]
        changed.isDone.toggle()
        model.upsert(changed)
      }
      // Equality covers the index by identity and the open due dates, private or not.
      guard model == TodoModel(owner: nil, items: model.items) else {
        Issue.record("step \(step): the incremental index differs from a fresh one")
        return
      }
    }
    #expect(!model.items.isEmpty)
    for item in model.items { #expect(model.item(item.id) == item) }
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
