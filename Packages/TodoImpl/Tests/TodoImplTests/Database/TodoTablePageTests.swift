import AuthenticationAPI
import Foundation
import GRDB
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("TodoTable: a page of the listing, read from SQLite")
struct TodoTablePageTests {
  private static let now = Date(timeIntervalSince1970: 1_800_000_000)
  private static let home = TodoTag("home")!
  private static let work = TodoTag("work")!

  /// Twelve items of alice, created a second apart (`s11` and `t11` in the same millisecond):
  /// t1–t3 done, t2 due two minutes ago; t4 +home +work; t5 and t7 medium and due in ten minutes;
  /// t6 +home due a minute ago; t8 +home high; t9 medium; t10 +home due in an hour.
  /// `list` shows t8, t5, t7, t9, t6, t10, t4, s11, t11, then t1, t2, t3; their numbers are their
  /// places in creation order, t1 to t10 1 to 10, s11 11, t11 12.
  private static let items: [String: TodoItem] = {
    func item(
      _ id: String, created: Int, done: Bool = false, due: TimeInterval? = nil,
      priority: TodoPriority = .none, tags: [TodoTag] = []
    ) -> TodoItem {
      TodoItem(
        id: TodoID(rawValue: id), title: .valid("Task \(id)"), isDone: done,
        dueDate: due.map(now.addingTimeInterval),
        priority: priority, tags: tags, createdAt: now - 1_000 + TimeInterval(created))
    }
    let list = [
      item("t1", created: 1, done: true), item("t2", created: 2, done: true, due: -120, tags: [home]),
      item("t3", created: 3, done: true), item("t4", created: 4, tags: [home, work]),
      item("t5", created: 5, due: 600, priority: .medium), item("t6", created: 6, due: -60, tags: [home]),
      item("t7", created: 7, due: 600, priority: .medium),
      item("t8", created: 8, priority: .high, tags: [home]),
      item("t9", created: 9, priority: .medium), item("t10", created: 10, due: 3_600, tags: [home]),
      item("t11", created: 11), item("s11", created: 11),
    ]
    return Dictionary(uniqueKeysWithValues: list.map { ($0.id.rawValue, $0) })
  }()

  /// A database holding ``items`` for alice and one item of bob's, which no page of alice counts.
  private static func database() throws -> DatabaseQueue {
    let database = try DatabaseQueue()
    try TodoDatabase.migrate(database)
    try database.write { db in
      for item in items.values { _ = try TodoTable.insert(item, owner: Users.alice, in: db) }
      let other = TodoItem(id: TodoID(rawValue: "t1"), title: .valid("Bob's"), tags: [home], createdAt: now)
      _ = try TodoTable.insert(other, owner: Users.bob, in: db)
    }
    return database
  }

  private func page(
    _ filter: ListFilter = .all, tags: TagFilter = TagFilter(), page: Int = 1, size: Int? = nil
  ) throws -> TodoPage {
    try Self.database().read { db in
      try TodoDatabase.page(
        for: TodoListQuery(filter: filter, tags: tags, page: page, pageSize: size), owner: Users.alice,
        now: Self.now, in: db)
    }
  }

  /// The rows `ids`, each numbered by its item's position in creation order: t1 to t10 are 1 to 10,
  /// s11 is 11 and t11 12.
  private func rows(_ ids: [String]) -> [TodoPage.Row] {
    ids.map { id in
      TodoPage.Row(number: id == "s11" ? 11 : id == "t11" ? 12 : Int(id.dropFirst())!, item: Self.items[id]!)
    }
  }

  private let allCounts = TodoCounts(total: 12, open: 9)

  @Test(
    "all: open items by priority, due time and creation, the same millisecond by identity; then done items")
  func all() throws {
    let ids = ["t8", "t5", "t7", "t9", "t6", "t10", "t4", "s11", "t11", "t1", "t2", "t3"]
    let expected = TodoPage(
      query: TodoListQuery(), rows: rows(ids), matching: 12, counts: allCounts, overdue: 1)
    #expect(try page() == expected)
  }

  @Test("open: the open items alone, each keeping its number")
  func open() throws {
    let ids = ["t8", "t5", "t7", "t9", "t6", "t10", "t4", "s11", "t11"]
    #expect(try page(.open).rows == rows(ids))
    #expect(try page(.open).matching == 9)
    #expect(try page(.open).counts == allCounts)
  }

  @Test("done: the done items in creation order, whatever their priority or due time")
  func done() throws {
    let done = try page(.done)
    #expect(done.rows == rows(["t1", "t2", "t3"]))
    #expect(done.matching == 3)
    #expect(done.overdue == 1)
  }

  @Test("due: the items with a due time, done ones too, by due time, a tie by creation")
  func due() throws {
    let due = try page(.due)
    #expect(due.rows == rows(["t2", "t6", "t5", "t7", "t10"]))
    #expect(due.matching == 5)
    #expect(due.counts == allCounts)
  }

  @Test("+home: the items with the tag; the counts are theirs, whatever the filter")
  func requiredTag() throws {
    let tags = TagFilter(required: [Self.home])
    let expected = TodoPage(
      query: TodoListQuery(tags: tags), rows: rows(["t8", "t6", "t10", "t4", "t2"]), matching: 5,
      counts: TodoCounts(total: 5, open: 4), overdue: 1)
    #expect(try page(tags: tags) == expected)
    let done = try page(.done, tags: tags)
    #expect(done.rows == rows(["t2"]))
    #expect(done.counts == TodoCounts(total: 5, open: 4))
  }

  @Test("open +home -work and -home: required and excluded tags")
  func excludedTags() throws {
    let homeNotWork = try page(.open, tags: TagFilter(required: [Self.home], excluded: [Self.work]))
    #expect(homeNotWork.rows == rows(["t8", "t6", "t10"]))
    #expect(homeNotWork.counts == TodoCounts(total: 4, open: 3))
    let notHome = try page(tags: TagFilter(excluded: [Self.home]))
    #expect(notHome.rows == rows(["t5", "t7", "t9", "s11", "t11", "t1", "t3"]))
    #expect(notHome.counts == TodoCounts(total: 7, open: 5))
    #expect(notHome.overdue == 0)
  }

  @Test("a tag no item has, or one both required and excluded: no rows, no counts")
  func noMatch() throws {
    let unknown = try page(tags: TagFilter(required: [TodoTag("garden")!]))
    #expect(unknown.rows.isEmpty)
    #expect(unknown.matching == 0)
    #expect(unknown.counts == TodoCounts())
    #expect(try page(tags: TagFilter(required: [Self.home], excluded: [Self.home])).matching == 0)
  }

  @Test("page 2 of 2 rows: rows 3 and 4, numbered by their place in creation order")
  func secondPage() throws {
    let second = try page(page: 2, size: 2)
    #expect(
      second
        == TodoPage(
          query: TodoListQuery(page: 2, pageSize: 2), rows: rows(["t7", "t9"]), matching: 12,
          counts: allCounts, overdue: 1))
  }

  @Test("a page across the last open item and the first done one")
  func pageAcrossRuns() throws {
    #expect(try page(page: 3, size: 4).rows == rows(["t11", "t1", "t2", "t3"]))
    #expect(try page(page: 5, size: 2).rows == rows(["t11", "t1"]))
  }

  @Test("a page past the last has no rows, and still says how many match")
  func pastTheEnd() throws {
    for number in [7, 8, 1_000, Int.max] {
      let past = try page(page: number, size: 2)
      #expect(past.rows.isEmpty)
      #expect(past.matching == 12)
      #expect(past.counts == allCounts)
    }
  }

  @Test("page 0 reads as page 1 and size 0 as 1; no size is one page of everything")
  func oddSizes() throws {
    #expect(try page(page: 0, size: 0).rows == rows(["t8"]))
    #expect(try page(page: -3, size: 3).rows == rows(["t8", "t5", "t7"]))
    #expect(try page(.open, page: 2).rows == rows(["t8", "t5", "t7", "t9", "t6", "t10", "t4", "s11", "t11"]))
  }

  @Test("a listing of more rows than are numbered by ranges is numbered by one pass, the same numbers")
  func manyRows() throws {
    let count = TodoTable.rangeCountLimit * 2 + 1
    // Created in the reverse of their identities' order, two by two in one millisecond.
    let items = (0..<count).map { (index: Int) -> TodoItem in
      let created: Date = Self.now + TimeInterval(index / 2) / 1000
      let id = TodoID(rawValue: String(format: "i%04d", count - index))
      return TodoItem(
        id: id, title: .valid("Item \(index)"), isDone: index % 3 == 0,
        priority: index % 5 == 0 ? .high : .none, createdAt: created)
    }
    let database = try DatabaseQueue()
    try TodoDatabase.migrate(database)
    try database.write { db in
      for item in items { _ = try TodoTable.insert(item, owner: Users.alice, in: db) }
    }
    let creation = items.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    var number: [TodoID: Int] = [:]
    for (offset, item) in creation.enumerated() { number[item.id] = offset + 1 }
    for query in [TodoListQuery(), TodoListQuery(filter: .open), TodoListQuery(pageSize: 150)] {
      let page = try database.read { db in
        try TodoDatabase.page(for: query, owner: Users.alice, now: Self.now, in: db)
      }
      #expect(page.rows.count > TodoTable.rangeCountLimit)
      #expect(page.rows.allSatisfy { $0.number == number[$0.item.id] })
    }
  }

  @Test("an item due in the very millisecond of now is not overdue; one a fraction of it before is")
  func overdueToTheMillisecond() throws {
    let database = try DatabaseQueue()
    try TodoDatabase.migrate(database)
    let due = Date(milliseconds: 1_800_000_000_123)
    try database.write { db in
      let item = TodoItem(id: TodoID(rawValue: "a"), title: .valid("a"), dueDate: due, createdAt: due)
      _ = try TodoTable.insert(item, owner: Users.alice, in: db)
    }
    for (now, overdue) in [(due, 0), (due + 0.000_4, 1), (due - 0.000_4, 0), (due + 0.001, 1)] {
      let page = try database.read { db in
        try TodoDatabase.page(for: TodoListQuery(), owner: Users.alice, now: now, in: db)
      }
      #expect(page.overdue == overdue, "now \(now.timeIntervalSince1970)")
    }
  }

  @Test("a tag written in another Unicode normalization form is the same tag, as `TagFilter` compares")
  func canonicallyEquivalentTags() throws {
    let composed = TodoTag("caf\u{E9}")!
    let decomposed = TodoTag("cafe\u{301}")!
    #expect(composed.name.utf8.count != decomposed.name.utf8.count)
    let database = try DatabaseQueue()
    try TodoDatabase.migrate(database)
    try database.write { db in
      for (index, tags) in [[composed], [decomposed], []].enumerated() {
        let item = TodoItem(
          id: TodoID(rawValue: "i\(index)"), title: .valid("i\(index)"), tags: tags,
          createdAt: Self.now + TimeInterval(index))
        _ = try TodoTable.insert(item, owner: Users.alice, in: db)
      }
    }
    for tag in [composed, decomposed] {
      let (with, without) = try database.read { db in
        (
          try TodoDatabase.page(
            for: TodoListQuery(tags: TagFilter(required: [tag])), owner: Users.alice, now: Self.now, in: db),
          try TodoDatabase.page(
            for: TodoListQuery(tags: TagFilter(excluded: [tag])), owner: Users.alice, now: Self.now, in: db)
        )
      }
      #expect(with.rows.map(\.item.id.rawValue) == ["i0", "i1"])
      #expect(without.rows.map(\.item.id.rawValue) == ["i2"])
    }
  }

  @Test("the page's keys are chosen in the listing's indexes alone, and the counts read no row of the table")
  func queryPlans() throws {
    let tags = TodoTable.TagCondition(TagFilter(required: [Self.home], excluded: [TodoTag("caf\u{E9}")!]))
    let plans = try Self.database().read { db in
      db.add(function: TodoTable.hasTagFunction)
      return try [TodoTable.Run.open, .done, .due].flatMap { run in
        [run.rowsSQL(tags: tags.sql), run.countSQL(tags: tags.sql)]
      }.map { sql in
        // The plan does not depend on the values: each parameter gets 1.
        let arguments = StatementArguments(Array(repeating: 1, count: sql.count { $0 == "?" }))
        return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map {
          $0["detail"] as String
        }
      }
    }
    // Only the page's rows are sorted again, after their keys were chosen in index order.
    func rows(_ index: String) -> [String] {
      [
        "MATERIALIZE page", "SEARCH todo_item USING COVERING INDEX \(index)", "SCAN page",
        "SEARCH item USING PRIMARY KEY (owner=? AND id=?)", "USE TEMP B-TREE FOR ORDER BY",
      ]
    }
    #expect(
      plans == [
        rows("todo_item_open (owner=?)"), ["SEARCH todo_item USING COVERING INDEX todo_item_open (owner=?)"],
        rows("todo_item_done (owner=?)"), ["SEARCH todo_item USING COVERING INDEX todo_item_done (owner=?)"],
        rows("todo_item_due (owner=? AND due>?)"),
        ["SEARCH todo_item USING COVERING INDEX todo_item_due (owner=? AND due>?)"],
      ])
  }
}
