import AuthenticationAPI
import Foundation
import GRDB
import GRDBSQLite
import TodoAPI

/// The SQL of the `todo_item` table (see ``TodoDatabase``), used inside the interpreter's
/// transactions.
///
/// Rows are read by column position and statements are cached: the import writes a million rows
/// through ``upsert(_:owner:step:in:)`` and a load reads as many, so neither goes through `Codable`.
enum TodoTable {
  /// The columns every read selects, in the order ``item(from:)`` expects.
  static let columns = "id, title, done, due, created, updated, priority, tags"

  /// The item a row selected with ``columns`` describes.
  ///
  /// - Parameter row: A row of ``columns``.
  /// - Returns: The item.
  /// - Throws: The title's ``TodoAPI/TodoFailure`` if the stored one is not valid (only a database
  ///   changed by another program can hold one).
  static func item(from row: Row) throws -> TodoItem {
    let due: Int64? = row[3]
    let tags: String = row[7]
    return TodoItem(
      id: TodoID(rawValue: row[0]), title: try TodoTitle(validating: row[1]), isDone: row[2],
      dueDate: due.map(Date.init(milliseconds:)), priority: TodoPriority(rank: row[6]) ?? .none,
      // The table holds only fields this app wrote or an import checked: nothing to report.
      tags: (try? TodoTag.tags(in: tags).get()) ?? [], createdAt: Date(milliseconds: row[4]),
      updatedAt: Date(milliseconds: row[5]))
  }

  /// How many items `owner` has.
  static func count(of owner: UserID, in db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM todo_item WHERE owner = ?", arguments: [owner.rawValue])
      ?? 0
  }

  /// The summary of `owner`'s list: how many items, open and done, and per tag.
  ///
  /// Three reads, none of which holds the items: the count of the owner's rows, of its open rows
  /// (the open index), and of its rows per distinct tags field, each field then split into its
  /// tags. At a million items, a third of them tagged, 0.3–0.4 s in all (docs/performance.md, "step S6a").
  static func summary(of owner: UserID, in db: Database) throws -> TodoSummary {
    let total = try count(of: owner, in: db)
    let open =
      try Int.fetchOne(
        db, sql: "SELECT count(*) FROM todo_item WHERE owner = ? AND NOT done", arguments: [owner.rawValue])
      ?? 0
    var tagCounts: [TodoTag: Int] = [:]
    let fields = try Row.fetchCursor(
      db, sql: "SELECT tags, count(*) FROM todo_item WHERE owner = ? AND tags != '' GROUP BY tags",
      arguments: [owner.rawValue])
    while let row = try fields.next() {
      let (field, count): (String, Int) = (row[0], row[1])
      // A field no tag can be read from counts for none, as the item read from it has none.
      for tag in (try? TodoTag.tags(in: field).get()) ?? [] { tagCounts[tag, default: 0] += count }
    }
    return TodoSummary(counts: TodoCounts(total: total, open: open), tagCounts: tagCounts)
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
        INSERT INTO todo_item (owner, id, title, done, due, created, updated, priority, tags)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING \(columns)
        """,
      arguments: [
        owner.rawValue, item.id.rawValue, item.title.text, item.isDone, item.dueDate?.milliseconds,
        item.createdAt.milliseconds, item.updatedAt.milliseconds, item.priority.rank,
        TodoTag.field(item.tags),
      ])
    // An INSERT … RETURNING that did not throw returns its row.
    return try self.item(from: row!)
  }

  /// A change to one item, as ``update(_:updated:id:owner:in:)`` applies it.
  enum Change {
    /// `done` becomes its opposite.
    case toggle
    /// `done` becomes this.
    case done(Bool)
    /// The title becomes this, already validated.
    case title(String)
    /// The due date becomes this, in milliseconds since 1970, or none.
    case due(Int64?)
    /// The priority becomes this.
    case priority(TodoPriority)
    /// The tags become these, sorted, each once.
    case tags([TodoTag])

    /// The statement, one per kind of change, so the statement cache finds it by a constant text.
    var sql: String {
      switch self {
      case .toggle: Self.toggleSQL
      case .done: Self.doneSQL
      case .title: Self.titleSQL
      case .due: Self.dueSQL
      case .priority: Self.prioritySQL
      case .tags: Self.tagsSQL
      }
    }

    /// The new values, then the change time, the owner and the identity.
    func arguments(updated: Int64, id: TodoID, owner: UserID) -> StatementArguments {
      switch self {
      case .toggle: [updated, owner.rawValue, id.rawValue]
      case .done(let isDone): [isDone, updated, owner.rawValue, id.rawValue]
      case .title(let title): [title, updated, owner.rawValue, id.rawValue]
      case .due(let due): [due, updated, owner.rawValue, id.rawValue]
      case .priority(let priority): [priority.rank, updated, owner.rawValue, id.rawValue]
      case .tags(let tags): [TodoTag.field(tags), updated, owner.rawValue, id.rawValue]
      }
    }

    private static func statement(setting assignment: String) -> String {
      "UPDATE todo_item SET \(assignment) updated = ? WHERE owner = ? AND id = ? RETURNING \(columns)"
    }
    private static let toggleSQL = statement(setting: "done = NOT done,")
    private static let doneSQL = statement(setting: "done = ?,")
    private static let titleSQL = statement(setting: "title = ?,")
    private static let dueSQL = statement(setting: "due = ?,")
    private static let prioritySQL = statement(setting: "priority = ?,")
    private static let tagsSQL = statement(setting: "tags = ?,")
  }

  /// Changes one item of `owner` and reads it back as stored, in one statement.
  ///
  /// One `UPDATE … RETURNING` is atomic by itself, so the caller need not open a transaction: in
  /// autocommit mode SQLite commits it when the statement is reset, which this method does before
  /// returning. The statement is prepared once per connection and kind of change.
  ///
  /// - Parameters:
  ///   - change: What to change.
  ///   - updated: The change time in milliseconds since 1970.
  ///   - id: The item.
  ///   - owner: Its user; another user's item is not found.
  ///   - db: The connection, in a transaction or not.
  /// - Returns: The stored item, or `nil` if `owner` has no item `id`.
  /// - Throws: The database's error.
  static func update(
    _ change: Change, updated: Int64, id: TodoID, owner: UserID, in db: Database
  ) throws -> TodoItem? {
    let statement = try db.cachedStatement(sql: change.sql)
    statement.setUncheckedArguments(change.arguments(updated: updated, id: id, owner: owner))
    // The row is read in place rather than copied out (as `fetchOne` does); the cursor resets the
    // statement, committing an autocommit change, when it is released at the end of this scope.
    let rows = try Row.fetchCursor(statement)
    var stored: TodoItem?
    while let row = try rows.next() { stored = try item(from: row) }
    return stored
  }

  /// The tags of one item of `owner`.
  ///
  /// - Parameters:
  ///   - id: The item.
  ///   - owner: Its user.
  ///   - db: The connection.
  /// - Returns: The tags, or `nil` if `owner` has no item `id`.
  /// - Throws: The database's error.
  static func tags(of id: TodoID, owner: UserID, in db: Database) throws -> [TodoTag]? {
    let statement = try db.cachedStatement(sql: "SELECT tags FROM todo_item WHERE owner = ? AND id = ?")
    return try String.fetchOne(statement, arguments: [owner.rawValue, id.rawValue]).map {
      (try? TodoTag.tags(in: $0).get()) ?? []
    }
  }

  /// Deletes one item of `owner`.
  ///
  /// - Parameters:
  ///   - id: The item.
  ///   - owner: Its user.
  ///   - db: The connection, in a transaction.
  /// - Returns: Whether the item existed.
  /// - Throws: The database's error.
  /// `ids` as a JSON array of strings, for a statement that reads them with `json_each`: one
  /// statement for a hundred thousand identities, rather than one each.
  static func jsonArray(_ ids: [TodoID]) throws -> String {
    String(decoding: try JSONEncoder().encode(ids.map(\.rawValue)), as: UTF8.self)
  }

  /// The first of `ids` (a JSON array, see ``jsonArray(_:)``), in their order, that `owner` has no
  /// item with; `nil` if there is none.
  static func firstMissing(of ids: String, owner: UserID, in db: Database) throws -> TodoID? {
    try String.fetchOne(
      db,
      sql: """
        SELECT value FROM json_each(?1)
        WHERE NOT EXISTS (SELECT 1 FROM todo_item WHERE owner = ?2 AND id = value) ORDER BY key LIMIT 1
        """,
      arguments: [ids, owner.rawValue]
    ).map(TodoID.init(rawValue:))
  }

  /// Deletes `owner`'s items with the identities of `ids` (a JSON array, see ``jsonArray(_:)``), in
  /// one statement; an identity `owner` has no item with is ignored.
  static func delete(_ ids: String, owner: UserID, in db: Database) throws {
    try db.execute(
      sql: "DELETE FROM todo_item WHERE owner = ?1 AND id IN (SELECT value FROM json_each(?2))",
      arguments: [owner.rawValue, ids])
  }

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

  /// The table a batch of imported rows is staged in, in file order (its rowid), before one
  /// statement stores the whole batch (see ``upsert(_:owner:step:in:)``). Temporary: it belongs to the
  /// writer's connection and is never written to the database file.
  static let stagingSQL = """
    CREATE TEMP TABLE IF NOT EXISTS todo_import_row (
      id TEXT NOT NULL, title TEXT NOT NULL, done INTEGER NOT NULL, due INTEGER,
      created INTEGER NOT NULL, updated INTEGER NOT NULL, priority INTEGER, tags TEXT
    )
    """

  /// The statement that stages one imported row.
  static let stageSQL = "INSERT INTO temp.todo_import_row VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"

  /// The statement that stores the staged rows, in file order: each a new item, marked with the
  /// import's undo step (`?4`), or the replacement of `owner`'s (`?1`) item with the same identity.
  /// A file without the priority column (`?2` false) stages `NULL` priorities, and one without the
  /// tags column (`?3` false) `NULL` tags: a new item has none, a replaced one keeps its own.
  static let upsertSQL = """
    INSERT INTO todo_item (owner, id, title, done, due, created, updated, priority, tags, import_step)
    SELECT ?1, id, title, done, due, created, updated, coalesce(priority, 0), coalesce(tags, ''), ?4
    FROM temp.todo_import_row WHERE true ORDER BY rowid
    ON CONFLICT (owner, id) DO UPDATE SET
      title = excluded.title, done = excluded.done, due = excluded.due,
      created = excluded.created, updated = excluded.updated,
      priority = CASE WHEN ?2 THEN excluded.priority ELSE todo_item.priority END,
      tags = CASE WHEN ?3 THEN excluded.tags ELSE todo_item.tags END
    """

  /// Inserts imported rows, each replacing the item of `owner` with the same identity if any.
  ///
  /// The rows that replace an item (one stored before, or a row earlier in the batch) are counted
  /// by one query over the staged rows before they are stored.
  ///
  /// The import's hot loop, a million times for a million rows, so it talks to SQLite's C interface
  /// directly: the values are bound from the rows' own storage, with no `StatementArguments` of
  /// existential values, no copy of the strings and no check per row of the connection's queue,
  /// which `database.write` already made once for the batch. The statement is prepared here and
  /// finalized when the batch is stored, so GRDB's statement cache never sees its raw bindings.
  ///
  /// The rows are staged in a temporary table, then stored by one `INSERT … SELECT`: the triggers
  /// that keep the full-text index in step (``TodoSearchIndex``) then run inside one statement for
  /// the batch. One statement a row would open a statement savepoint for each, and FTS5 writes its
  /// pending terms to disk at every savepoint, a segment a row: the import took ten times as long.
  ///
  /// The items the rows replace are recorded in the import's undo step first
  /// (``TodoUndoHistory/recordStagedReplacements(step:owner:in:)``), only when some row replaces
  /// one; the rows that add an item are marked with the step instead.
  ///
  /// - Parameters:
  ///   - rows: The validated rows, in file order (a later row with the same identity wins).
  ///   - owner: The importing user.
  ///   - step: The import's step of `owner`'s undo history.
  ///   - db: The connection, in a transaction.
  /// - Returns: How many rows replaced an item (one stored before, or a row earlier in `rows`).
  /// - Throws: The database's error; the batch's transaction is then rolled back by its caller.
  static func upsert(_ rows: [ImportRow], owner: UserID, step: Int64, in db: Database) throws -> Int {
    let emptyText: StaticString = ""
    try db.execute(sql: stagingSQL)
    let statement = try db.makeStatement(sql: stageSQL)
    let handle = statement.sqliteStatement
    func check(_ code: Int32, success: Int32 = SQLITE_OK) throws {
      guard code != success else { return }
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
        sql: stageSQL)
    }
    func bindText(_ index: Int32, _ text: UnsafeBufferPointer<UInt8>) throws {
      // An empty buffer may have no address, which SQLite would read as NULL; an empty text it is.
      let bytes = UnsafeRawPointer(text.baseAddress ?? emptyText.utf8Start).assumingMemoryBound(
        to: CChar.self)
      // No destructor (SQLITE_STATIC): SQLite reads the bytes in place during the step that
      // follows, while they are alive; each row binds its own before its step.
      try check(sqlite3_bind_text(handle, index, bytes, Int32(text.count), nil))
    }
    // The statement is finalized when `statement` is released: it must outlive every use of
    // `handle`, which ARC alone would not see.
    try withExtendedLifetime(statement) {
      for row in rows {
        var id = row.id
        var title = row.title
        // Empty when the file has no tags column: a small string, bound as NULL below.
        var tags = row.tags ?? ""
        try id.withUTF8 { id in
          try title.withUTF8 { title in
            try tags.withUTF8 { tags in
              try bindText(1, id)
              try bindText(2, title)
              try check(sqlite3_bind_int(handle, 3, row.isDone ? 1 : 0))
              try check(row.due.map { sqlite3_bind_int64(handle, 4, $0) } ?? sqlite3_bind_null(handle, 4))
              try check(sqlite3_bind_int64(handle, 5, row.created))
              try check(sqlite3_bind_int64(handle, 6, row.updated))
              try check(
                row.priority.map { sqlite3_bind_int64(handle, 7, Int64($0.rank)) }
                  ?? sqlite3_bind_null(handle, 7))
              try row.tags == nil ? check(sqlite3_bind_null(handle, 8)) : bindText(8, tags)
              try check(sqlite3_step(handle), success: SQLITE_DONE)
              try check(sqlite3_reset(handle))
            }
          }
        }
      }
    }
    // Every staged row replaces an item but the first row of each identity `owner` has no item
    // with: counted before the rows are stored.
    let new =
      try Int.fetchOne(db, sql: newIdentitiesSQL, arguments: [owner.rawValue]) ?? 0
    if new < rows.count { try TodoUndoHistory.recordStagedReplacements(step: step, owner: owner, in: db) }
    let keepsPriorities = rows.first.map { $0.priority == nil } ?? true
    let keepsTags = rows.first.map { $0.tags == nil } ?? true
    // Rows created before items the last listing numbered are numbered after them.
    try TodoNumbering.storingStaged(owner: owner, in: db)
    try db.execute(sql: upsertSQL, arguments: [owner.rawValue, !keepsPriorities, !keepsTags, step])
    // A row with the key of an item deleted since the last listing has that item's number again.
    try TodoNumbering.storedStaged(owner: owner, in: db)
    try db.execute(sql: "DELETE FROM temp.todo_import_row")
    return rows.count - new
  }

  /// How many identities of the staged rows `owner` (`?1`) has no item with: the rows that add an
  /// item, one per identity; the other staged rows replace one.
  static let newIdentitiesSQL = """
    SELECT count(DISTINCT staged.id) FROM temp.todo_import_row AS staged
    WHERE NOT EXISTS (SELECT 1 FROM todo_item WHERE owner = ?1 AND id = staged.id)
    """
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
