import Foundation
import Testing

@testable import TodoAPI

@Suite("TodoDueWindow: the open items due soonest, as a change applies to them")
struct TodoDueWindowTests {
  private static let start = Date(timeIntervalSince1970: 1_780_000_000)

  private static func item(_ name: String, due minutes: Double?, done: Bool = false) -> TodoItem {
    TodoItem(
      id: TodoID(rawValue: name), title: TodoTitle(stringLiteral: name), isDone: done,
      dueDate: minutes.map { start.addingTimeInterval($0 * 60) }, createdAt: start)
  }

  @Test(
    "an item due within a full window goes in its place; one due after its end, done or undated stays out")
  func applyKeepsTheWindowWhole() {
    var window = TodoDueWindow(
      after: Self.start, items: [Self.item("a", due: 1), Self.item("c", due: 3)], isComplete: false)
    window.apply(Self.item("b", due: 2))
    #expect(window.items.map(\.id.rawValue) == ["a", "b", "c"])
    // After the end: the window does not know what lies between, so it leaves it out.
    window.apply(Self.item("d", due: 4))
    window.apply(Self.item("e", due: nil))
    window.apply(Self.item("f", due: 2, done: true))
    // Due before the window's start: not the window's.
    window.apply(Self.item("g", due: -1))
    #expect(window.items.map(\.id.rawValue) == ["a", "b", "c"])
    #expect(window.end == Self.start.addingTimeInterval(180))
    // Moved past the end, the last item leaves; the window is still whole up to its end, and
    // knows nothing after it.
    window.apply(Self.item("c", due: 10))
    #expect(window.items.map(\.id.rawValue) == ["a", "b"])
    #expect(window.end == Self.start.addingTimeInterval(180))
    #expect(window.covers(Self.start.addingTimeInterval(180)))
    #expect(!window.covers(Self.start.addingTimeInterval(181)))
    // Done, it leaves; removed, likewise.
    window.apply(Self.item("a", due: 1, done: true))
    window.remove([TodoID(rawValue: "b")])
    #expect(window.items.isEmpty)
    #expect(window.end == Self.start.addingTimeInterval(180))
  }

  @Test("a complete window takes any open item due after its start, and covers every time")
  func completeWindowTakesAll() {
    var window = TodoDueWindow(after: Self.start, items: [], isComplete: true)
    window.apply(Self.item("late", due: 60 * 24 * 365))
    window.apply(Self.item("soon", due: 1))
    #expect(window.items.map(\.id.rawValue) == ["soon", "late"])
    #expect(window.end == nil)
    #expect(window.covers(.distantFuture))
  }
}
