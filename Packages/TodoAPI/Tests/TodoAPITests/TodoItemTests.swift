import Foundation
import Testing
import TodoAPI

@Suite("TodoItem")
struct TodoItemTests {
  @Test("an item encoded before items had priorities decodes with none; one with a priority keeps it")
  func decodesWithoutPriority() throws {
    let old = #"{"id":"a","title":"Old","isDone":false,"createdAt":0,"updatedAt":0}"#
    let item = try JSONDecoder().decode(TodoItem.self, from: Data(old.utf8))
    #expect(
      item
        == TodoItem(
          id: TodoID(rawValue: "a"), title: "Old", createdAt: Date(timeIntervalSinceReferenceDate: 0)))
    var high = item
    high.priority = .high
    #expect(try JSONDecoder().decode(TodoItem.self, from: JSONEncoder().encode(high)) == high)
  }

  @Test("a title is encoded as a plain string, as before it was a TodoTitle, and decoded validated")
  func titleIsAPlainString() throws {
    let item = TodoItem(
      id: TodoID(rawValue: "a"), title: "buy milk", createdAt: Date(timeIntervalSince1970: 0))
    let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(item)) as? [String: Any]
    #expect(json?["title"] as? String == "buy milk")
    // A recorded `TodoMessage.added`, as a trace's payload holds it.
    let recorded =
      #"{"added":{"_0":{"id":"a","title":"buy milk","isDone":false,"createdAt":0,"updatedAt":0},"owner":7}}"#
    let message = try JSONDecoder().decode(TodoMessage.self, from: Data(recorded.utf8))
    guard case .added(let added, _, _) = message else {
      Issue.record("decoded \(message)")
      return
    }
    #expect(added.title == "buy milk")
    #expect(added.title.text == "buy milk")
    let empty = #"{"id":"a","title":"  ","isDone":false,"createdAt":0,"updatedAt":0}"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(TodoItem.self, from: Data(empty.utf8)) }
  }

  @Test("priorities order from none to high, and convert to and from their rank")
  func priorityOrder() {
    #expect(TodoPriority.allCases.sorted() == [.none, .low, .medium, .high])
    #expect(TodoPriority.allCases.map(\.rank) == [0, 1, 2, 3])
    #expect(TodoPriority.allCases.allSatisfy { TodoPriority(rank: $0.rank) == $0 })
    #expect(TodoPriority(rank: 4) == nil)
  }
}
