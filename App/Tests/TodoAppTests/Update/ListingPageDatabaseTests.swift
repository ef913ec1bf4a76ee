import AuthenticationAPI
import Foundation
import GRDB
import Testing
import TodoAPI
import TodoImpl

@testable import TodoApp

/// The page SQLite reads (`TodoDatabase.page`) is the page the app computes from the model
/// (`Listing.page`), for the same list: rows, numbers, matches and counts.
@Suite("Listing: the page read from the database equals the page of the model")
struct ListingPageDatabaseTests {
  private static let owner = UserID(rawValue: 1)
  private static let now = AppFixture.now
  private static let tags = ["home", "work", "errand", "caf\u{E9}", "cafe\u{301}"].map { TodoTag($0)! }

  /// A database holding `items` for ``owner``, and one item of another user.
  private static func database(holding items: [TodoItem]) throws -> DatabaseQueue {
    let database = try DatabaseQueue()
    try TodoDatabase.migrate(database)
    try database.write { db in
      for (owner, item) in items.map({ (owner, $0) })
        + [(UserID(rawValue: 2), TodoItem(id: TodoID(rawValue: "x"), title: "other", createdAt: now))]
      {
        try db.execute(
          sql: """
            INSERT INTO todo_item (owner, id, title, done, due, created, updated, priority, tags)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            owner.rawValue, item.id.rawValue, item.title.text, item.isDone,
            item.dueDate.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) },
            Int64((item.createdAt.timeIntervalSince1970 * 1000).rounded()),
            Int64((item.updatedAt.timeIntervalSince1970 * 1000).rounded()), item.priority.rank,
            TodoTag.field(item.tags),
          ])
      }
    }
    return database
  }

  /// Every filter, with no tags, one, two and an excluded one, on pages 1 to `pages` of 1 to 3 rows
  /// and on one page of everything.
  private static func queries(pages: Int) -> [TodoListQuery] {
    let tagFilters = [
      TagFilter(), TagFilter(required: [tags[0]]), TagFilter(required: [tags[0], tags[1]]),
      TagFilter(required: [tags[3]]), TagFilter(excluded: [tags[4]]),
      TagFilter(required: [tags[2]], excluded: [tags[0]]),
    ]
    return ListFilter.allCases.flatMap { filter in
      tagFilters.flatMap { tags in
        [TodoListQuery(filter: filter, tags: tags)]
          + (1...3).flatMap { size in
            (1...pages).map { TodoListQuery(filter: filter, tags: tags, page: $0, pageSize: size) }
          }
      }
    }
  }

  /// Checks `queries` on `items`, at `now`.
  private static func expectEqualPages(
    _ items: [TodoItem], at now: Date, queries: some Sequence<TodoListQuery>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Bool {
    let database = try database(holding: items)
    for query in queries {
      let read = try database.read { db in try TodoDatabase.page(for: query, owner: owner, now: now, in: db) }
      let computed = Listing.page(of: items, for: query, now: now)
      guard read == computed else {
        Issue.record("\(query): read \(read), computed \(computed)", sourceLocation: sourceLocation)
        return false
      }
    }
    return true
  }

  /// `Task index` of ListingPageTests: 1–3 done; the even ones +home, 4 also +work; 8 of high
  /// priority; 6 due a minute ago, 10 in an hour.
  private static func fixedItem(_ index: Int) -> TodoItem {
    let due: Date? =
      switch index {
      case 6: now - 60
      case 10: now + 3_600
      default: nil
      }
    let itemTags: [TodoTag] = index % 2 == 1 ? [] : index == 4 ? [tags[0], tags[1]] : [tags[0]]
    return TodoItem(
      id: TodoID(rawValue: "t\(index)"), title: .valid("Task \(index)"), isDone: index <= 3, dueDate: due,
      priority: index == 8 ? .high : .none, tags: itemTags, createdAt: now + TimeInterval(index))
  }

  @Test("ListingPageTests' ten items: every filter, tag filter and page, past the last too")
  func fixedList() throws {
    let items = (1...10).map(Self.fixedItem)
    #expect(try Self.expectEqualPages(items, at: Self.now, queries: Self.queries(pages: 12)))
  }

  @Test(
    "200 random lists with ties of creation, priority and due time, 24 random queries each: the same pages")
  func randomLists() throws {
    var random = SplitMix64(seed: 56)
    for _ in 0..<200 {
      // Whole milliseconds, as the table stores them and reads them back.
      let base = Int64(Self.now.timeIntervalSince1970) * 1000
      func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
      let items = (0..<Int.random(in: 0...14, using: &random)).map { index -> TodoItem in
        let tags = Self.tags.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
        return TodoItem(
          id: TodoID(rawValue: "\(["b", "a", "c"].randomElement(using: &random)!)\(index)"),
          title: .valid("Item \(index)"), isDone: Int.random(in: 0..<3, using: &random) == 0,
          dueDate: Bool.random(using: &random)
            ? nil : date(base + 1000 * Int64.random(in: -2...2, using: &random)),
          priority: TodoPriority.allCases.randomElement(using: &random)!,
          tags: (try? TodoTag.normalized(tags).get()) ?? [],
          createdAt: date(base + Int64.random(in: 0...3, using: &random)))
      }
      let offsets: [TimeInterval] = [0, 0.000_4, -0.000_4, 1]
      let now = Self.now + offsets.randomElement(using: &random)!
      let queries = Self.queries(pages: 4).shuffled(using: &random).prefix(24)
      guard try Self.expectEqualPages(items, at: now, queries: queries) else { return }
    }
  }
}

/// SplitMix64: the same numbers on every run and platform.
private struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
