import AuthenticationAPI
import Foundation
import GRDB
import TodoAPI

/// The SQL of the `todo_item` table (see ``TodoDatabase``), used inside the interpreter's
/// transactions.
///
/// Rows are read by column position and statements are cached: the import writes a million rows
/// through ``upsert(_:owner:in:)`` and a load reads as many, so neither goes through `Codable`.
enum TodoTable {
  /// The columns every read selects, in the order ``item(from:)`` expects.
  static let columns = "id, title, done, due, created, updated"

  /// The item a row selected with ``columns`` describes.
  ///
  /// - Parameter row: A row of ``columns``.
  /// - Returns: The item.
  static func item(from row: Row) -> TodoItem {
    let due: Int64? = row[3]
    return TodoItem(
      id: TodoID(rawValue: row[0]), title: row[1], isDone: row[2], dueDate: due.map(Date.init(milliseconds:)),
      createdAt: Date(milliseconds: row[4]), updatedAt: Date(milliseconds: row[5]))
  }

  /// Every item of `owner`, in display order.
  ///
  /// - Parameters:
  ///   - owner: The user.
  ///   - db: The connection.
  /// - Returns: The items.
  /// - Throws: The database's error.
  static func items(of owner: UserID, in db: Database) throws -> [TodoItem] {
    let statement = try db.cachedStatement(
      sql: "SELECT \(columns) FROM todo_item WHERE owner = ? ORDER BY created, id")
    let rows = try Row.fetchCursor(statement, arguments: [owner.rawValue])
    var items: [TodoItem] = []
    while let row = try rows.next() { items.append(item(from: row)) }
    return items
  }

  /// Visits every item of `owner` in display order without holding them all.
  ///
  /// - Parameters:
  ///   - owner: The user.
  ///   - db: The connection.
  ///   - visit: Receives each item.
  /// - Returns: How many items were visited.
  /// - Throws: The database's error, or what `visit` throws.
  static func forEachItem(
    of owner: UserID, in db: Database, _ visit: (TodoItem) throws -> Void
  ) throws -> Int {
    let rows = try Row.fetchCursor(
      db, sql: "SELECT \(columns) FROM todo_item WHERE owner = ? ORDER BY created, id",
      arguments: [owner.rawValue])
    var count = 0
    while let row = try rows.next() {
      try visit(item(from: row))
      count += 1
    }
    return count
  }

  /// Stores a new item and reads it back as stored.
  ///
  /// - Parameters:
  ///   - item: The item.
  ///   - owner: Its user.
  ///   - db: The connection, in a transaction.
  /// - Returns: The stored item.
  /// - Throws: The database's error, for instance if the identity is taken.
  static func insert(_ item: TodoItem, owner: UserID, in db: Database) throws -> TodoItem {
    let row = try Row.fetchOne(
      db,
      sql: """
        INSERT INTO todo_item (owner, id, title, done, due, created, updated)
        VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING \(columns)
        """,
      arguments: [
        owner.rawValue, item.id.rawValue, item.title, item.isDone, item.dueDate?.milliseconds,
        item.createdAt.milliseconds, item.updatedAt.milliseconds,
      ])
    // An INSERT … RETURNING that did not throw returns its row.
    return self.item(from: row!)
  }

  /// Changes one item of `owner` and reads it back as stored.
  ///
  /// - Parameters:
  ///   - assignments: The SQL after `SET`, with `?` placeholders.
  ///   - arguments: The placeholders' values.
  ///   - id: The item.
  ///   - owner: Its user; another user's item is not found.
  ///   - db: The connection, in a transaction.
  /// - Returns: The stored item, or `nil` if `owner` has no item `id`.
  /// - Throws: The database's error.
  static func update(
    _ assignments: String, arguments: StatementArguments, id: TodoID, owner: UserID, in db: Database
  ) throws -> TodoItem? {
    let statement = try db.cachedStatement(
      sql: "UPDATE todo_item SET \(assignments) WHERE owner = ? AND id = ? RETURNING \(columns)")
    let all = arguments + [owner.rawValue, id.rawValue]
    return try Row.fetchOne(statement, arguments: all).map(item(from:))
  }

  /// Deletes one item of `owner`.
  ///
  /// - Parameters:
  ///   - id: The item.
  ///   - owner: Its user.
  ///   - db: The connection, in a transaction.
  /// - Returns: Whether the item existed.
  /// - Throws: The database's error.
  static func delete(_ id: TodoID, owner: UserID, in db: Database) throws -> Bool {
    try db.execute(
      sql: "DELETE FROM todo_item WHERE owner = ? AND id = ?", arguments: [owner.rawValue, id.rawValue])
    return db.changesCount > 0
  }

  /// Deletes the done items of `owner`.
  ///
  /// - Parameters:
  ///   - owner: The user.
  ///   - db: The connection, in a transaction.
  /// - Returns: The deleted identities, in display order.
  /// - Throws: The database's error.
  static func deleteDone(of owner: UserID, in db: Database) throws -> [TodoID] {
    let ids = try String.fetchAll(
      db, sql: "SELECT id FROM todo_item WHERE owner = ? AND done ORDER BY created, id",
      arguments: [owner.rawValue])
    try db.execute(sql: "DELETE FROM todo_item WHERE owner = ? AND done", arguments: [owner.rawValue])
    return ids.map(TodoID.init(rawValue:))
  }

  /// Inserts imported rows, each replacing the item of `owner` with the same identity if any.
  ///
  /// - Parameters:
  ///   - rows: The validated rows, in file order (a later row with the same identity wins).
  ///   - owner: The importing user.
  ///   - db: The connection, in a transaction.
  /// - Throws: The database's error.
  static func upsert(_ rows: [ImportRow], owner: UserID, in db: Database) throws {
    // Looked up once per batch: finding a cached statement hashes its SQL text.
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO todo_item (owner, id, title, done, due, created, updated)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (owner, id) DO UPDATE SET
          title = excluded.title, done = excluded.done, due = excluded.due,
          created = excluded.created, updated = excluded.updated
        """)
    for row in rows {
      statement.setUncheckedArguments([
        owner.rawValue, row.id, row.title, row.isDone, row.due, row.created, row.updated,
      ])
      try statement.execute()
    }
  }
}

extension Date {
  /// The date `milliseconds` after 1970-01-01T00:00:00Z.
  init(milliseconds: Int64) {
    self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// Whole milliseconds since 1970-01-01T00:00:00Z, rounded: the precision the table stores.
  ///
  /// A date too far for 64 bits of milliseconds (some 292 million years) is clamped, and one that
  /// is not a number counts as 1970, rather than trapping.
  var milliseconds: Int64 {
    let value = (timeIntervalSince1970 * 1000).rounded()
    if value.isNaN { return 0 }
    if value >= 9.2e18 { return .max }
    if value <= -9.2e18 { return .min }
    return Int64(value)
  }
}
