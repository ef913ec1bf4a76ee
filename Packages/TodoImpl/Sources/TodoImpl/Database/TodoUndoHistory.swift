import AuthenticationAPI
import GRDB
import TodoAPI

/// Each user's history of changes, the last ``TodoAPI/TodoUndo/historyLimit`` steps, and the undo
/// that reverts the last of them.
///
/// `todo_undo_step(step, owner, kind, subject)` holds one row per change; `todo_undo_row(step, id,
/// image)` the rows of `todo_item` a step changed, each with its before-image: the whole row as a
/// JSON object of every column of `todo_item` (read from the schema, so a column a later migration
/// adds is recorded and restored without a change here), or `NULL` for a row the step added. Both
/// are written in the transaction of the change they record.
///
/// An import would write a million before-images for a million new rows; instead each row it adds
/// carries its step in `todo_item.import_step`, and only the rows it replaces get an image.
///
/// Undo deletes the rows the step added or changed and inserts the before-images again, so the
/// search index's triggers (``TodoSearchIndex``) keep `todo_search` in step.
enum TodoUndoHistory {
  /// The migration `todo.v6`.
  ///
  /// Steps are numbered by `AUTOINCREMENT`, never reused: rows of an import whose step was forgotten
  /// keep its number in `import_step`, and a later import given the same number would take them for
  /// its own.
  static let createSQL = """
    CREATE TABLE todo_undo_step (
      step INTEGER PRIMARY KEY AUTOINCREMENT,
      owner INTEGER NOT NULL,
      kind TEXT NOT NULL,
      subject TEXT NOT NULL
    );
    CREATE INDEX todo_undo_step_owner ON todo_undo_step (owner, step);
    CREATE TABLE todo_undo_row (
      step INTEGER NOT NULL,
      id TEXT NOT NULL,
      image TEXT,
      PRIMARY KEY (step, id)
    ) WITHOUT ROWID;
    ALTER TABLE todo_item ADD COLUMN import_step INTEGER;
    """

  // MARK: - Recording

  /// Starts a step of `owner`'s history and, now and then, forgets the steps beyond the limit.
  ///
  /// The steps beyond ``TodoAPI/TodoUndo/historyLimit`` are forgotten once there are
  /// ``forgettingSlack`` of them, all at once: forgetting one at every change would write the pages
  /// of the oldest step in every change's transaction. So up to `historyLimit + forgettingSlack`
  /// steps may be undone; never fewer than `historyLimit`.
  ///
  /// - Returns: The step, to record its rows under.
  static func begin(
    _ change: TodoUndo.Change, subject: String, owner: UserID, in db: Database
  ) throws -> Int64 {
    let step = try Int64.fetchOne(
      db.cachedStatement(
        sql: "INSERT INTO todo_undo_step (owner, kind, subject) VALUES (?, ?, ?) RETURNING step"),
      arguments: [owner.rawValue, change.rawValue, subject])
    let beyondSlack = try Int64.fetchOne(
      db.cachedStatement(
        sql: "SELECT step FROM todo_undo_step WHERE owner = ? ORDER BY step DESC LIMIT 1 OFFSET ?"),
      arguments: [owner.rawValue, TodoUndo.historyLimit + forgettingSlack])
    if beyondSlack != nil {
      let oldest = try Int64.fetchOne(
        db.cachedStatement(
          sql: "SELECT step FROM todo_undo_step WHERE owner = ? ORDER BY step DESC LIMIT 1 OFFSET ?"),
        arguments: [owner.rawValue, TodoUndo.historyLimit])
      let arguments: StatementArguments = [owner.rawValue, oldest]
      try db.cachedStatement(
        sql: """
          DELETE FROM todo_undo_row WHERE step IN
          (SELECT step FROM todo_undo_step WHERE owner = ?1 AND step <= ?2)
          """
      ).execute(arguments: arguments)
      try db.cachedStatement(sql: "DELETE FROM todo_undo_step WHERE owner = ?1 AND step <= ?2").execute(
        arguments: arguments)
    }
    // An INSERT … RETURNING that did not throw returns its row.
    return step!
  }

  /// How many steps beyond ``TodoAPI/TodoUndo/historyLimit`` are kept before they are forgotten
  /// together (see ``begin(_:subject:owner:in:)``).
  static let forgettingSlack = 20

  /// Forgets `step` and its rows: it changed nothing after all.
  static func forget(_ step: Int64, in db: Database) throws {
    try db.execute(sql: "DELETE FROM todo_undo_row WHERE step = ?", arguments: [step])
    try db.execute(sql: "DELETE FROM todo_undo_step WHERE step = ?", arguments: [step])
  }

  /// Records the before-image of `owner`'s item `id`.
  static func recordItem(_ id: TodoID, step: Int64, owner: UserID, in db: Database) throws {
    // The text is the same for every change while the schema is, so the statement cache finds it.
    try db.cachedStatement(
      sql: "INSERT INTO todo_undo_row (step, id, image) SELECT ?1, id, \(try image(in: db)) FROM todo_item "
        + "WHERE owner = ?2 AND id = ?3"
    ).execute(arguments: [step, owner.rawValue, id.rawValue])
  }

  /// Records that the step added `owner`'s item `id`: undo deletes it.
  static func recordAdded(_ id: TodoID, step: Int64, in db: Database) throws {
    try db.cachedStatement(sql: "INSERT INTO todo_undo_row (step, id, image) VALUES (?, ?, NULL)").execute(
      arguments: [step, id.rawValue])
  }

  /// Records the before-images of `owner`'s done items.
  static func recordDone(step: Int64, owner: UserID, in db: Database) throws {
    try db.execute(
      sql: "INSERT INTO todo_undo_row (step, id, image) SELECT ?1, id, \(try image(in: db)) FROM todo_item "
        + "WHERE owner = ?2 AND done",
      arguments: [step, owner.rawValue])
  }

  /// Records the before-images of `owner`'s items that the staged import rows
  /// (`temp.todo_import_row`) are about to replace, unless the import's step added them itself or
  /// an earlier batch recorded them already.
  static func recordStagedReplacements(step: Int64, owner: UserID, in db: Database) throws {
    try db.execute(
      sql: """
        INSERT OR IGNORE INTO todo_undo_row (step, id, image)
        SELECT ?1, item.id, \(try image(in: db, of: "item"))
        FROM temp.todo_import_row AS staged
        JOIN todo_item AS item ON item.owner = ?2 AND item.id = staged.id
        WHERE item.import_step IS NOT ?1
        """,
      arguments: [step, owner.rawValue])
  }

  /// The expression of a row's before-image: a JSON object of every column of `todo_item`.
  private static func image(in db: Database, of table: String = "todo_item") throws -> String {
    let pairs = try db.columns(in: "todo_item").map { "'\($0.name)', \(table).\"\($0.name)\"" }
    return "json_object(\(pairs.joined(separator: ", ")))"
  }

  // MARK: - Undo

  /// Reverts `owner`'s last step and forgets it.
  ///
  /// The rows the step added are deleted; the rows it changed or deleted are stored again from
  /// their before-images (a column missing from an image, added by a migration since, gets its
  /// default). An import's step also forgets where that import stopped, so importing the file
  /// again starts from its first row.
  ///
  /// - Returns: What was reverted, or `nil` if `owner` has no step left.
  /// - Throws: The database's error.
  static func undoLast(of owner: UserID, in db: Database) throws -> TodoUndo? {
    guard
      let last = try Row.fetchOne(
        db, sql: "SELECT step, kind, subject FROM todo_undo_step WHERE owner = ? ORDER BY step DESC LIMIT 1",
        arguments: [owner.rawValue])
    else { return nil }
    let step: Int64 = last[0]
    let kind: String = last[1]
    let subject: String = last[2]
    guard let change = TodoUndo.Change(rawValue: kind) else {
      throw DatabaseError(message: "unknown kind of change in the undo history: \(kind)")
    }
    let arguments: StatementArguments = [step, owner.rawValue]
    // The rows an import added, then the rows the step recorded: the added ones (no image) are
    // deleted for good, the others come back from their images.
    var removed = try String.fetchAll(
      db, sql: "DELETE FROM todo_item WHERE owner = ?2 AND import_step = ?1 RETURNING id",
      arguments: arguments)
    removed += try String.fetchAll(
      db,
      sql: """
        SELECT id FROM todo_undo_row WHERE step = ?1 AND image IS NULL
        AND EXISTS (SELECT 1 FROM todo_item WHERE owner = ?2 AND id = todo_undo_row.id)
        """,
      arguments: arguments)
    try db.execute(
      sql: "DELETE FROM todo_item WHERE owner = ?2 AND id IN (SELECT id FROM todo_undo_row WHERE step = ?1)",
      arguments: arguments)
    let columns = try db.columns(in: "todo_item")
    let values = columns.map { column in
      let path = "'$.\"\(column.name)\"'"
      return "CASE WHEN json_type(image, \(path)) IS NULL THEN \(column.defaultValueSQL ?? "NULL") "
        + "ELSE json_extract(image, \(path)) END"
    }
    let rows = try Row.fetchCursor(
      db,
      sql: """
        INSERT INTO todo_item (\(columns.map { "\"\($0.name)\"" }.joined(separator: ", ")))
        SELECT \(values.joined(separator: ", ")) FROM todo_undo_row WHERE step = ?1 AND image IS NOT NULL
        RETURNING \(TodoTable.columns)
        """,
      arguments: [step])
    var restored: [TodoItem] = []
    while let row = try rows.next() { restored.append(TodoTable.item(from: row)) }
    if change == .importCSV { try ImportProgressTable.delete(of: owner, path: subject, in: db) }
    try forget(step, in: db)
    return TodoUndo(
      change: change, subject: subject, restored: restored, removed: removed.map(TodoID.init(rawValue:)))
  }
}
