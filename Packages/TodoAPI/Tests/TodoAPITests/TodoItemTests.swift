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

  @Test("priorities order from none to high, and convert to and from their rank")
  func priorityOrder() {
    #expect(TodoPriority.allCases.sorted() == [.none, .low, .medium, .high])
    #expect(TodoPriority.allCases.map(\.rank) == [0, 1, 2, 3])
    #expect(TodoPriority.allCases.allSatisfy { TodoPriority(rank: $0.rank) == $0 })
    #expect(TodoPriority(rank: 4) == nil)
  }
}
