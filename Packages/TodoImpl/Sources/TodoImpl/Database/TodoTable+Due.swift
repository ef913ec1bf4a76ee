import AuthenticationAPI
import Foundation
import GRDB
import TodoAPI

extension TodoTable {
  /// The index of the open items with a due time, by due time and creation (migration `todo.v12`):
  /// the reminders' reads walk it from a time on, however many items are done or undated.
  static let openDueIndexSQL = """
    CREATE INDEX todo_item_open_due ON todo_item (owner, due, created, id) WHERE due IS NOT NULL AND NOT done;
    """

  /// The open items of `owner` due soonest after `after`: the first `limit` of them, soonest first
  /// (ties by creation, then identity), and every other one due at the same time as the last, so
  /// the window is whole up to its last due time.
  ///
  /// Two reads of `todo_item_open_due` from `after` on: `limit` rows, then the rows tied with the
  /// last; the cost does not grow with the list.
  ///
  /// - Parameters:
  ///   - owner: The user.
  ///   - after: Items due strictly after this time.
  ///   - limit: How many items to read at least, unless there are fewer.
  ///   - db: The connection.
  /// - Returns: The window.
  /// - Throws: The database's error.
  static func dueWindow(of owner: UserID, after: Date, limit: Int, in db: Database) throws -> TodoDueWindow {
    let statement = try db.cachedStatement(
      sql: """
        SELECT \(columns) FROM todo_item
        WHERE owner = ? AND due IS NOT NULL AND NOT done AND due >= ? ORDER BY due, created, id LIMIT ?
        """)
    var items = try fetchItems(statement, [owner.rawValue, firstStored(after: after), limit])
    guard items.count == limit, let last = items.last, let due = last.dueDate else {
      return TodoDueWindow(after: after, items: items, isComplete: true)
    }
    let ties = try db.cachedStatement(
      sql: """
        SELECT \(columns) FROM todo_item
        WHERE owner = ? AND due IS NOT NULL AND NOT done AND due = ? AND (created, id) > (?, ?)
        ORDER BY created, id
        """)
    items += try fetchItems(
      ties, [owner.rawValue, due.milliseconds, last.createdAt.milliseconds, last.id.rawValue])
    return TodoDueWindow(after: after, items: items, isComplete: false)
  }

  /// How many open items of `owner` are due in `after < due <= through`, and the first `naming` of
  /// them, soonest first (ties by creation, then identity).
  ///
  /// - Parameters:
  ///   - owner: The user.
  ///   - after: Items due strictly after this time.
  ///   - through: Items due at this time or before.
  ///   - naming: How many items to read.
  ///   - db: The connection.
  /// - Returns: The span.
  /// - Throws: The database's error.
  static func dueSpan(
    of owner: UserID, after: Date, through: Date, naming: Int, in db: Database
  ) throws -> TodoDueSpan {
    let range = "owner = ? AND due IS NOT NULL AND NOT done AND due >= ? AND due < ?"
    let arguments: StatementArguments = [
      owner.rawValue, firstStored(after: after), firstStored(after: through),
    ]
    let count =
      try Int.fetchOne(db, sql: "SELECT count(*) FROM todo_item WHERE \(range)", arguments: arguments) ?? 0
    let first = try fetchItems(
      db.cachedStatement(
        sql: "SELECT \(columns) FROM todo_item WHERE \(range) ORDER BY due, created, id LIMIT ?"),
      arguments + [max(0, naming)])
    return TodoDueSpan(after: after, through: through, first: first, count: count)
  }

  private static func fetchItems(_ statement: Statement, _ arguments: StatementArguments) throws -> [TodoItem]
  {
    let rows = try Row.fetchCursor(statement, arguments: arguments)
    var items: [TodoItem] = []
    while let row = try rows.next() { items.append(try item(from: row)) }
    return items
  }
}

extension TodoTable {
  /// The least stored time (whole milliseconds) after `date`: `due >= bound` in SQL is exactly
  /// `dueDate > date` of the item read back, and `due < bound` exactly `dueDate <= date`, whatever
  /// fraction of a millisecond `date` has and however the division by 1,000 rounds.
  static func firstStored(after date: Date) -> Int64 {
    var bound = date.milliseconds
    while bound > .min, Date(milliseconds: bound - 1) > date { bound -= 1 }
    while bound < .max, Date(milliseconds: bound) <= date { bound += 1 }
    return bound
  }
}
