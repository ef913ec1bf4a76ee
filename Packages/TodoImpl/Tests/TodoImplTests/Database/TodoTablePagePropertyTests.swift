import Foundation
import GRDB
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("TodoTable: random lists, each page as a plain sort computes it")
struct TodoTablePagePropertyTests {
  @Test("300 random lists of up to 25 items, each with 10 random queries: every page equals the reference")
  func randomLists() throws {
    var random = SeededGenerator(seed: 56)
    for round in 0..<300 {
      let items = RandomList.items(count: Int.random(in: 0...25, using: &random), using: &random)
      let database = try DatabaseQueue()
      try TodoDatabase.migrate(database)
      try database.write { db in
        for item in items { _ = try TodoTable.insert(item, owner: Users.alice, in: db) }
      }
      for _ in 0..<10 {
        let query = RandomList.query(using: &random)
        let now = RandomList.now(using: &random)
        let page = try database.read { db in
          try TodoDatabase.page(for: query, owner: Users.alice, now: now, in: db)
        }
        let expected = Self.reference(items, query: query, now: now)
        #expect(page == expected, "round \(round), \(query)")
        if page != expected { return }
      }
    }
  }

  /// The page, by the definition: sort, filter, cut; each row numbered by its item's place in
  /// creation order.
  private static func reference(_ items: [TodoItem], query: TodoListQuery, now: Date) -> TodoPage {
    let admitted = items.filter(query.tags.admits)
    let open = admitted.filter { !$0.isDone }.sorted {
      (-$0.priority.rank, $0.dueDate == nil ? 1 : 0, $0.dueDate ?? now, $0.createdAt, $0.id.rawValue)
        < (-$1.priority.rank, $1.dueDate == nil ? 1 : 0, $1.dueDate ?? now, $1.createdAt, $1.id.rawValue)
    }
    let done = admitted.filter(\.isDone).sorted {
      ($0.createdAt, $0.id.rawValue) < ($1.createdAt, $1.id.rawValue)
    }
    let listed: [TodoItem] =
      switch query.filter {
      case .all: open + done
      case .open: open
      case .done: done
      case .due:
        admitted.filter { $0.dueDate != nil }.sorted {
          ($0.dueDate!, $0.createdAt, $0.id.rawValue) < ($1.dueDate!, $1.createdAt, $1.id.rawValue)
        }
      }
    let creation = items.sorted { ($0.createdAt, $0.id.rawValue) < ($1.createdAt, $1.id.rawValue) }
    let numbers = Dictionary(
      uniqueKeysWithValues: creation.enumerated().map { ($0.element.id, $0.offset + 1) })
    var numbered = listed.map { TodoPage.Row(number: numbers[$0.id]!, item: $0) }
    if let size = query.pageSize.map({ max(1, $0) }) {
      numbered = Array(numbered.dropFirst((max(1, query.page) - 1) * size).prefix(size))
    }
    return TodoPage(
      query: query, rows: numbered, matching: listed.count, counts: TodoCounts(counting: admitted),
      overdue: admitted.filter { !$0.isDone && $0.dueDate.map { $0 < now } == true }.count)
  }
}

/// Small random lists whose values collide often: a few creation times, due times and tags, so
/// that ties are the rule.
enum RandomList {
  static let base: Int64 = 1_800_000_000_000
  static let tags = ["home", "work", "errand", "caf\u{E9}", "cafe\u{301}"].map { TodoTag($0)! }

  static func items(count: Int, using random: inout SeededGenerator) -> [TodoItem] {
    (0..<count).map { index in
      let created = Date(milliseconds: base + Int64.random(in: 0...5, using: &random))
      let due: Date? =
        Bool.random(using: &random)
        ? nil : Date(milliseconds: base + 1_000 * Int64.random(in: -3...3, using: &random))
      let itemTags = tags.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
      return TodoItem(
        id: TodoID(rawValue: "\(["b", "a", "c"].randomElement(using: &random)!)\(index)"),
        title: .valid("Item \(index)"), isDone: Int.random(in: 0..<3, using: &random) == 0, dueDate: due,
        priority: TodoPriority.allCases.randomElement(using: &random)!,
        tags: (try? TodoTag.normalized(itemTags).get()) ?? [], createdAt: created)
    }
  }

  static func query(using random: inout SeededGenerator) -> TodoListQuery {
    let required = tags.filter { _ in Int.random(in: 0..<5, using: &random) == 0 }
    let excluded = tags.filter { _ in Int.random(in: 0..<6, using: &random) == 0 }
    return TodoListQuery(
      filter: ListFilter.allCases.randomElement(using: &random)!,
      tags: TagFilter(required: required, excluded: excluded), page: Int.random(in: 0...5, using: &random),
      pageSize: Bool.random(using: &random) ? nil : Int.random(in: 0...6, using: &random))
  }

  /// A moment near the due times: on one of them, or a fraction of a millisecond off it.
  static func now(using random: inout SeededGenerator) -> Date {
    let due = Date(milliseconds: base + 1_000 * Int64.random(in: -3...3, using: &random))
    return due + [0, 0.000_4, -0.000_4].randomElement(using: &random)!
  }
}

/// SplitMix64: the same numbers on every run and platform.
struct SeededGenerator: RandomNumberGenerator {
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
