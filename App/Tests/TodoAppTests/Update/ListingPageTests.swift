import AuthenticationAPI
import Foundation
import Testing
import TodoAPI

@testable import TodoApp

@Suite("Listing: the page a query selects")
struct ListingPageTests {
  private let home = TodoTag("home")!
  private let work = TodoTag("work")!
  private let now = AppFixture.now

  /// Ten items `Task 1`…`Task 10`, created in that order: 1–3 done; the even ones tagged +home,
  /// 4 also +work; 8 of high priority; 6 due a minute ago, 10 in an hour.
  private var todos: [TodoItem] {
    (1...10).map(item)
  }

  /// `Task index`, as ``todos`` describes it.
  private func item(_ index: Int) -> TodoItem {
    let due: Date? =
      switch index {
      case 6: now - 60
      case 10: now + 3_600
      default: nil
      }
    let tags: [TodoTag] = index % 2 == 1 ? [] : index == 4 ? [home, work] : [home]
    return TodoItem(
      id: TodoID(rawValue: "t\(index)"), title: .valid("Task \(index)"), isDone: index <= 3, dueDate: due,
      priority: index == 8 ? .high : .none, tags: tags, createdAt: now + TimeInterval(index))
  }

  private func query(page: Int) -> TodoListQuery {
    TodoListQuery(filter: .open, tags: TagFilter(required: [home], excluded: [work]), page: page, pageSize: 2)
  }

  private func numbers(_ page: TodoPage) -> [Int] { page.rows.map(\.number) }

  @Test("open +home -work: the high priority first, then by due time; page 2 holds the rest")
  func filterTagsAndPage() {
    let first = Listing.page(of: todos, for: query(page: 1), now: now)
    #expect(numbers(first) == [8, 6])
    #expect(first.rows.map(\.item.id.rawValue) == ["t8", "t6"])
    let second = Listing.page(of: todos, for: query(page: 2), now: now)
    #expect(second.query == query(page: 2))
    #expect(numbers(second) == [10])
    #expect(second.rows.map(\.item.title.description) == ["Task 10"])
    #expect(second.matching == 3)
    #expect(second.pageCount == 2)
    // The tags admit 2, 6, 8 and 10, whatever the filter: 2 is done, 6 is overdue.
    #expect(second.counts == TodoCounts(total: 4, open: 3))
    #expect(second.overdue == 1)
  }

  @Test("a page past the last has no rows, and still says how many match")
  func pastTheLastPage() {
    let page = Listing.page(of: todos, for: query(page: 3), now: now)
    #expect(page.rows.isEmpty)
    #expect(page.matching == 3)
  }

  @Test("without tags the counts are the list's, and without a page size every match is on the page")
  func wholeList() {
    let list = todos
    let page = Listing.page(of: list, for: TodoListQuery(filter: .done), now: now)
    #expect(numbers(page) == [1, 2, 3])
    #expect(page.matching == 3)
    #expect(page.counts == TodoCounts(counting: list))
    #expect(page.counts == TodoCounts(total: 10, open: 7))
    #expect(page.overdue == 1)
  }

  @Test("a computed page survives a Codable round trip")
  func codableRoundTrip() throws {
    let page = Listing.page(of: todos, for: query(page: 2), now: now)
    let decoded = try JSONDecoder().decode(TodoPage.self, from: JSONEncoder().encode(page))
    #expect(decoded == page)
    #expect(numbers(decoded) == [10])
    #expect(decoded.rows.first?.item.dueDate == now + 3_600)
  }
}
