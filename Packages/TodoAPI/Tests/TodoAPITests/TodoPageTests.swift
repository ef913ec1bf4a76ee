import Foundation
import Testing
import TodoAPI

@Suite("TodoPage")
struct TodoPageTests {
  private let home = TodoTag("home")!

  private func item(_ id: String, done: Bool = false) -> TodoItem {
    TodoItem(
      // Safe: "item " and an identifier is never empty nor longer than 500 characters.
      id: TodoID(rawValue: id), title: try! TodoTitle(validating: "item \(id)"), isDone: done,
      createdAt: Date(timeIntervalSince1970: 1))
  }

  @Test("a page survives a Codable round trip: query, rows, matching and counts")
  func codableRoundTrip() throws {
    var tagged = item("b", done: true)
    tagged.tags = [home]
    let page = TodoPage(
      query: TodoListQuery(filter: .done, tags: TagFilter(required: [home]), page: 2, pageSize: 1),
      rows: [TodoPage.Row(number: 7, item: tagged)], matching: 3, counts: TodoCounts(total: 4, open: 1),
      overdue: 1)
    let decoded = try JSONDecoder().decode(TodoPage.self, from: JSONEncoder().encode(page))
    #expect(decoded == page)
    #expect(decoded.rows.map(\.number) == [7])
    #expect(decoded.query.tags.required == [home])
    #expect(decoded.counts.done == 3)
  }

  @Test("pageCount divides the matching items by the page size, rounding up")
  func pageCount() {
    func pages(matching: Int, size: Int?) -> Int {
      TodoPage(query: TodoListQuery(pageSize: size), rows: [], matching: matching, counts: TodoCounts())
        .pageCount
    }
    #expect(pages(matching: 0, size: 20) == 0)
    #expect(pages(matching: 20, size: 20) == 1)
    #expect(pages(matching: 21, size: 20) == 2)
    #expect(pages(matching: 21, size: nil) == 1)
    #expect(pages(matching: 0, size: nil) == 0)
  }
}
