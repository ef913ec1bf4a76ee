import AuthenticationAPI
import GRDB
import Synchronization
import TodoAPI

/// Each user's history of changes, at least the last ``TodoAPI/TodoUndo/historyLimit`` steps, and
/// the undo that reverts the last of them.
///
/// `todo_undo_step(owner, step, kind, subject, id, image)` holds one row per change, keyed by the
/// user and the step's number. A change of one item keeps that item's before-image in its own step
/// row: `id`, and `image`, the whole row as a JSON object of every column of `todo_item` (read from
/// the schema, so a column a later migration adds is recorded and restored without a change here),
/// or `NULL` for an item the step added. A change of several items (rm of several, clear-done, an
/// import) leaves `id` `NULL` and keeps its images in `todo_undo_row(owner, step, id, image)`. Both
/// are written in the transaction of the change they record; a change of one item inserts one row
/// into one table, at the end of its user's range of the key (one page written beside the item's).
///
/// An import would write a million before-images for a million new rows; instead each row it adds
/// carries its step in `todo_item.import_step`, and only the rows it replaces get an image.
///
/// Undo deletes the rows the step added or changed and inserts the before-images again, so the
/// search index's triggers (``TodoSearchIndex``) keep `todo_search` in step.
enum TodoUndoHistory {
  /// The migration `todo.v6`.
  ///
  /// A step's number is its user's largest one plus one, so no counter is written per change
  /// (`AUTOINCREMENT` wrote a page of `sqlite_sequence` at every change). A number is used again
  /// only after its step was undone (or made no change), and then nothing refers to it: undo deleted
  /// the rows its import marked. A forgotten step's number is never used again, because rows of a
  /// forgotten import keep it in `import_step` and a later import given the same number would take
  /// them for its own: forgetting keeps the steps above it (at least `historyLimit`), and writes the
  /// largest number it forgot to `todo_undo_floor(owner, step)`, from which numbering goes on
  /// should every later step be undone.
  static let createSQL = """
    CREATE TABLE todo_undo_step (
      owner INTEGER NOT NULL,
      step INTEGER NOT NULL,
      kind TEXT NOT NULL,
      subject TEXT NOT NULL,
      id TEXT,
      image TEXT,
      PRIMARY KEY (owner, step)
    ) WITHOUT ROWID;
    CREATE TABLE todo_undo_row (
      owner INTEGER NOT NULL,
      step INTEGER NOT NULL,
      id TEXT NOT NULL,
      image TEXT,
      PRIMARY KEY (owner, step, id)
    ) WITHOUT ROWID;
    CREATE TABLE todo_undo_floor (
      owner INTEGER PRIMARY KEY,
      step INTEGER NOT NULL
    );
    ALTER TABLE todo_item ADD COLUMN import_step INTEGER;
    """

  /// The expression of `owner`'s (`?1`) next step number.
  private static let nextStep = """
    coalesce((SELECT max(step) FROM todo_undo_step WHERE owner = ?1),
      (SELECT step FROM todo_undo_floor WHERE owner = ?1), -1) + 1
    """

  // MARK: - Recording

  /// Whether `step` is `owner`'s last step still in the history: the one `undo` takes back next.
  static func isLast(_ step: Int64, of owner: UserID, in db: Database) throws -> Bool {
    try Int64.fetchOne(
      db, sql: "SELECT max(step) FROM todo_undo_step WHERE owner = ?", arguments: [owner.rawValue])
      == step
  }

  /// Starts a step of `owner`'s history for a change of several items, whose rows are recorded
  /// under it (``recordItems(_:step:owner:in:)``, ``recordDone(step:owner:in:)``,
  /// ``recordStagedReplacements(step:owner:in:)``), and now and then forgets the oldest steps.
  ///
  /// - Returns: The step.
  static func begin(
    _ change: TodoUndo.Change, subject: String, owner: UserID, in db: Database
  ) throws -> Int64 {
    let step = try Int64.fetchOne(
      db.cachedStatement(
        sql:
          "INSERT INTO todo_undo_step (owner, step, kind, subject) VALUES (?1, \(nextStep), ?2, ?3) RETURNING step"
      ),
      arguments: [owner.rawValue, change.rawValue, subject])
    // An INSERT … RETURNING that did not throw returns its row.
    try forgetOldSteps(before: step!, of: owner, in: db)
    return step!
  }

  /// Records a change of `owner`'s item `id` as one step with the item's before-image, of the kind
  /// `ifDone` or `ifOpen` as the item is done or not, titled with the item's title; now and then
  /// forgets the oldest steps.
  ///
  /// - Throws: ``TodoAPI/TodoFailure/notFound(_:)`` if `owner` has no such item.
  static func beginChange(
    ifDone: TodoUndo.Change, ifOpen: TodoUndo.Change, of id: TodoID, owner: UserID, in db: Database
  ) throws {
    // One statement reads the item and writes the step.
    let step = try Int64.fetchOne(
      db.cachedStatement(sql: try changeSQL(in: db)),
      arguments: [owner.rawValue, ifDone.rawValue, ifOpen.rawValue, id.rawValue])
    guard let step else { throw TodoFailure.notFound(id) }
    try forgetOldSteps(before: step, of: owner, in: db)
  }

  /// Records that a step of `owner`'s history added the item `id` (undo deletes it), and now and
  /// then forgets the oldest steps.
  static func beginAdding(_ id: TodoID, subject: String, owner: UserID, in db: Database) throws {
    let step = try Int64.fetchOne(
      db.cachedStatement(
        sql:
          "INSERT INTO todo_undo_step (owner, step, kind, subject, id) VALUES (?1, \(nextStep), ?2, ?3, ?4) "
          + "RETURNING step"),
      arguments: [owner.rawValue, TodoUndo.Change.add.rawValue, subject, id.rawValue])
    try forgetOldSteps(before: step!, of: owner, in: db)
  }

  /// When `step` is a multiple of ``forgettingSlack``, forgets `owner`'s steps but the last
  /// ``TodoAPI/TodoUndo/historyLimit``, and keeps the largest number forgotten as the floor of later
  /// numbers.
  ///
  /// Forgetting at every change would write the pages of the oldest step in every change's
  /// transaction, and even counting the steps costs a read per change; numbers grow by one a change,
  /// so this runs about once in ``forgettingSlack`` changes, and up to `historyLimit +
  /// forgettingSlack` steps may be undone; never fewer than `historyLimit`.
  private static func forgetOldSteps(before step: Int64, of owner: UserID, in db: Database) throws {
    guard step % Int64(forgettingSlack) == 0,
      let newestForgotten = try Int64.fetchOne(
        db.cachedStatement(
          sql: "SELECT step FROM todo_undo_step WHERE owner = ? ORDER BY step DESC LIMIT 1 OFFSET ?"),
        arguments: [owner.rawValue, TodoUndo.historyLimit])
    else { return }
    let arguments: StatementArguments = [owner.rawValue, newestForgotten]
    try db.cachedStatement(sql: "DELETE FROM todo_undo_row WHERE owner = ?1 AND step <= ?2").execute(
      arguments: arguments)
    try db.cachedStatement(sql: "DELETE FROM todo_undo_step WHERE owner = ?1 AND step <= ?2").execute(
      arguments: arguments)
    try db.cachedStatement(
      sql: """
        INSERT INTO todo_undo_floor (owner, step) VALUES (?1, ?2)
        ON CONFLICT (owner) DO UPDATE SET step = max(step, excluded.step)
        """
    ).execute(arguments: arguments)
  }

  /// How many steps beyond ``TodoAPI/TodoUndo/historyLimit`` are kept before they are forgotten
  /// together (see ``forgetOldSteps(before:of:in:)``).
  static let forgettingSlack = 20

  /// Forgets `owner`'s `step` and its rows: it changed nothing after all.
  static func forget(_ step: Int64, of owner: UserID, in db: Database) throws {
    try db.execute(
      sql: "DELETE FROM todo_undo_row WHERE owner = ? AND step = ?", arguments: [owner.rawValue, step])
    try db.execute(
      sql: "DELETE FROM todo_undo_step WHERE owner = ? AND step = ?", arguments: [owner.rawValue, step])
  }

  /// Records the before-images of `owner`'s items with the identities of `ids` (a JSON array, see
  /// ``TodoTable/jsonArray(_:)``), in one statement however many they are.
  static func recordItems(_ ids: String, step: Int64, owner: UserID, in db: Database) throws {
    try db.execute(
      sql: "INSERT INTO todo_undo_row (owner, step, id, image) SELECT ?2, ?1, id, \(try image(in: db)) "
        + "FROM todo_item WHERE owner = ?2 AND id IN (SELECT value FROM json_each(?3))",
      arguments: [step, owner.rawValue, ids])
  }

  /// Records the before-images of `owner`'s done items.
  static func recordDone(step: Int64, owner: UserID, in db: Database) throws {
    try db.execute(
      sql: "INSERT INTO todo_undo_row (owner, step, id, image) SELECT ?2, ?1, id, \(try image(in: db)) "
        + "FROM todo_item WHERE owner = ?2 AND done",
      arguments: [step, owner.rawValue])
  }

  /// Records the before-images of `owner`'s items that the staged import rows
  /// (`temp.todo_import_row`) are about to replace, unless the import's step added them itself or
  /// an earlier batch recorded them already.
  static func recordStagedReplacements(step: Int64, owner: UserID, in db: Database) throws {
    try db.execute(
      sql: """
        INSERT OR IGNORE INTO todo_undo_row (owner, step, id, image)
        SELECT ?2, ?1, item.id, \(try image(in: db, of: "item"))
        FROM temp.todo_import_row AS staged
        JOIN todo_item AS item ON item.owner = ?2 AND item.id = staged.id
        WHERE item.import_step IS NOT ?1
        """,
      arguments: [step, owner.rawValue])
  }

  /// The expression of a row's before-image: a JSON object of every column of `todo_item`.
  private static func image(in db: Database, of table: String = "todo_item") throws -> String {
    image(of: try db.columns(in: "todo_item").map(\.name), table: table)
  }

  private static func image(of columns: [String], table: String) -> String {
    "json_object(\(columns.map { "'\($0)', \(table).\"\($0)\"" }.joined(separator: ", ")))"
  }

  /// The text of ``beginChange(ifDone:ifOpen:of:owner:in:)``'s statement for the columns `todo_item`
  /// has now, built once per set of columns: a change of one item, tens of thousands a second,
  /// should not build its image's SQL each time (a string a column), only to find it in the
  /// statement cache.
  private static func changeSQL(in db: Database) throws -> String {
    let columns = try db.columns(in: "todo_item").map(\.name)
    return changeSQLCache.withLock { cache in
      if let cache, cache.columns == columns { return cache.sql }
      let sql =
        "INSERT INTO todo_undo_step (owner, step, kind, subject, id, image) SELECT ?1, \(nextStep), "
        + "CASE WHEN done THEN ?2 ELSE ?3 END, title, id, \(image(of: columns, table: "todo_item")) "
        + "FROM todo_item WHERE owner = ?1 AND id = ?4 RETURNING step"
      cache = (columns, sql)
      return sql
    }
  }

  private static let changeSQLCache = Mutex<(columns: [String], sql: String)?>(nil)

  // MARK: - Undo

  /// What ``undoLast(of:in:)`` would take back now: `owner`'s last step, and how many items it
  /// would delete and store again; changes nothing.
  static func preview(of owner: UserID, in db: Database) throws -> TodoUndoPreview? {
    guard
      let last = try Row.fetchOne(
        db, sql: "SELECT step, kind, subject FROM todo_undo_step WHERE owner = ? ORDER BY step DESC LIMIT 1",
        arguments: [owner.rawValue])
    else { return nil }
    let (step, kind, subject): (Int64, String, String) = (last[0], last[1], last[2])
    guard let change = TodoUndo.Change(rawValue: kind) else {
      throw DatabaseError(message: "unknown kind of change in the undo history: \(kind)")
    }
    let arguments: StatementArguments = [step, owner.rawValue]
    // The rows an import added, then the step's recorded rows as `undoLast` reverts them: those
    // without an image (an item the change added) are deleted if they still exist, the others
    // stored again.
    let imported =
      change == .importCSV
      ? try Int.fetchOne(
        db, sql: "SELECT count(*) FROM todo_item WHERE owner = ?2 AND import_step = ?1", arguments: arguments)
        ?? 0 : 0
    let counts = try Row.fetchOne(
      db,
      sql: recordedSQL + """
        SELECT
          (SELECT count(*) FROM recorded WHERE image IS NULL
            AND EXISTS (SELECT 1 FROM todo_item WHERE owner = ?2 AND id = recorded.id)),
          (SELECT count(*) FROM recorded WHERE image IS NOT NULL)
        """,
      arguments: arguments)
    return TodoUndoPreview(
      change: change, subject: subject, removes: imported + (counts?[0] ?? 0), restores: counts?[1] ?? 0)
  }

  /// The rows a step (`?1`) of an owner (`?2`) recorded: its own item, or its rows of
  /// `todo_undo_row`, as `recorded(id, image)`.
  private static let recordedSQL = """
    WITH recorded (id, image) AS (
      SELECT id, image FROM todo_undo_step WHERE owner = ?2 AND step = ?1 AND id IS NOT NULL
      UNION ALL SELECT id, image FROM todo_undo_row WHERE owner = ?2 AND step = ?1
    )
    """

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
    // What the step recorded: its own item, or its rows of `todo_undo_row`.
    let recorded = recordedSQL
    // The rows an import added, then the rows the step recorded: the added ones (no image) are
    // deleted for good, the others come back from their images. Only an import marks rows (a
    // number used again after an undo never finds marks of its own: that undo deleted them).
    var removed: [String] = []
    if change == .importCSV {
      removed = try String.fetchAll(
        db, sql: "DELETE FROM todo_item WHERE owner = ?2 AND import_step = ?1 RETURNING id",
        arguments: arguments)
    }
    removed += try String.fetchAll(
      db,
      sql: recorded + """
        SELECT id FROM recorded WHERE image IS NULL
        AND EXISTS (SELECT 1 FROM todo_item WHERE owner = ?2 AND id = recorded.id)
        """,
      arguments: arguments)
    try db.execute(
      sql: recorded + "DELETE FROM todo_item WHERE owner = ?2 AND id IN (SELECT id FROM recorded)",
      arguments: arguments)
    let columns = try db.columns(in: "todo_item")
    let values = columns.map { column in
      let path = "'$.\"\(column.name)\"'"
      return "CASE WHEN json_type(image, \(path)) IS NULL THEN \(column.defaultValueSQL ?? "NULL") "
        + "ELSE json_extract(image, \(path)) END"
    }
    let rows = try Row.fetchCursor(
      db,
      sql: recorded + """
        INSERT INTO todo_item (\(columns.map { "\"\($0.name)\"" }.joined(separator: ", ")))
        SELECT \(values.joined(separator: ", ")) FROM recorded WHERE image IS NOT NULL
        RETURNING \(TodoTable.columns)
        """,
      arguments: arguments)
    var restored: [TodoItem] = []
    while let row = try rows.next() { restored.append(try TodoTable.item(from: row)) }
    // An item deleted since the last listing and put back has its number again; one deleted before
    // it takes the next.
    try TodoNumbering.stored(restored, owner: owner, in: db)
    if change == .importCSV { try ImportProgressTable.delete(of: owner, path: subject, in: db) }
    try forget(step, of: owner, in: db)
    return TodoUndo(
      change: change, subject: subject, restored: restored, removed: removed.map(TodoID.init(rawValue:)))
  }
}
