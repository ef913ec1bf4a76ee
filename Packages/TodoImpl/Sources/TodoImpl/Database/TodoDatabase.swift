public import AuthenticationAPI
public import Foundation
public import GRDB
public import TodoAPI

/// The to-do feature's part of the app's SQLite database: `todo_item`, keyed by user,
/// `todo_import_progress`, where each unfinished import stopped, and `todo_search`, the full-text
/// index of the titles.
///
/// The app owns the database and may share one file among features; this type only adds the to-do
/// feature's migrations, whose identifiers start with `todo.` as its table names start with `todo_`.
///
/// ```swift
/// let database = try DatabasePool(path: "/path/to/app.sqlite")
/// var migrator = DatabaseMigrator()
/// TodoDatabase.registerMigrations(in: &migrator)
/// // … other features' migrations …
/// try migrator.migrate(database)
/// let interpreter = TodoInterpreter(database: database)
/// ```
///
/// ## Schema
/// `todo_item(owner, id, title, done, due, created, updated, priority, tags, import_step)`, a `WITHOUT ROWID` table whose
/// primary key is `(owner, id)`: finding one item, as toggling does, is one B-tree lookup in a list
/// of any size, and one user's identities never collide with another's. Dates are whole
/// milliseconds since 1970 (`INTEGER`), so they sort and compare exactly; `priority` is
/// ``TodoAPI/TodoPriority/rank``, 0 (none) to 3 (high); `tags` the names of the item's tags, sorted,
/// separated by spaces (``TodoAPI/TodoTag/field(_:)``), empty for none. Tags are a column of the
/// item, not a table of their own: a change of tags is a change of the row, written by the same
/// statement, and `list +home` filters the items the model already holds. The index
/// `todo_item_display` on `(owner, created, id)` reads a list in ``TodoAPI/TodoItem/displayOrder(_:_:)``
/// without sorting. Three partial indexes hold the runs of a listing in the order `list` shows
/// them, `tags` included so a tag filter reads them alone: `todo_item_open` the open items by
/// priority, due time and creation, `todo_item_done` the done items by creation, `todo_item_due` the
/// items with a due time by due time and creation; ``page(for:owner:now:in:)`` chooses a page's
/// items in them without sorting the list, and counts over them. `todo_item_open_due` holds the
/// open items with a due time by due time and creation, for the reminders: the next ones due after
/// a time (``TodoAPI/TodoDueSubscription``), and how many came due in a span.
///
/// `todo_import_progress(owner, path, size, modified, line, finished, step)` holds, per user and
/// file, the line of the last row an import stored, written in the transaction of each batch, and
/// `finished` once the import reads its file to the end; the next import of the same, unchanged
/// file resumes after that line, or, finished, is refused unless asked for again. A resumed import
/// stores its rows under the import's `step` of the undo history while that step is the user's
/// last, so that one undo takes back the whole import. Undoing the import deletes its row.
///
/// `todo_search` is an FTS5 index of the titles, with `todo_search_key(key, owner, id)` giving each
/// item the integer rowid FTS5 needs; triggers on `todo_item` keep both in step in the transaction of
/// every change, an import's batches included. The migration that creates them indexes the titles
/// already stored.
///
/// `todo_undo_step` (one row per change, with its item's before-image for a change of one item),
/// `todo_undo_row` (the before-images of a change of several items) and `todo_undo_floor` hold each
/// user's history of changes, for `undo`; `todo_item.import_step` marks the rows an import
/// added with that import's step (see `TodoUndoHistory`).
///
/// `todo_number_gone(owner, created, id)` holds the items deleted since their user's last listing,
/// written by a trigger on `todo_item` (and forgotten when an item is stored again), and
/// `todo_number_late(owner, created, id, seq, gone)` the items stored since that are numbered after
/// the listed ones: what the numbers of a page count, so that a number keeps meaning the item the
/// listing showed (see `TodoNumbering`).
public enum TodoDatabase {
  /// The identifiers of the to-do migrations, in order.
  public static let migrationIdentifiers = [
    "todo.v1", "todo.v2", "todo.v3", "todo.v4", "todo.v5", "todo.v6", "todo.v7", "todo.v8", "todo.v9",
    "todo.v10", "todo.v11", "todo.v12",
  ]

  /// Adds the to-do migrations to `migrator`, for an app that runs every feature's migrations at
  /// once.
  ///
  /// - Parameter migrator: The app's migrator.
  public static func registerMigrations(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("todo.v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE todo_item (
            owner INTEGER NOT NULL,
            id TEXT NOT NULL,
            title TEXT NOT NULL,
            done INTEGER NOT NULL CHECK (done IN (0, 1)),
            due INTEGER,
            created INTEGER NOT NULL,
            updated INTEGER NOT NULL,
            PRIMARY KEY (owner, id)
          ) WITHOUT ROWID;
          CREATE INDEX todo_item_display ON todo_item (owner, created, id);
          """)
    }
    migrator.registerMigration("todo.v2") { db in
      try db.execute(sql: ImportProgressTable.createSQL)
    }
    migrator.registerMigration("todo.v3") { db in
      try db.execute(sql: TodoSearchIndex.createSQL)
    }
    migrator.registerMigration("todo.v4") { db in
      try db.execute(
        sql:
          "ALTER TABLE todo_item ADD COLUMN priority INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 3)"
      )
    }
    migrator.registerMigration("todo.v5") { db in
      try db.execute(sql: "ALTER TABLE todo_item ADD COLUMN tags TEXT NOT NULL DEFAULT ''")
    }
    migrator.registerMigration("todo.v6") { db in
      try db.execute(sql: TodoUndoHistory.createSQL)
    }
    migrator.registerMigration("todo.v7") { db in
      try db.execute(sql: ImportProgressTable.addFinishedSQL)
    }
    migrator.registerMigration("todo.v8") { db in
      try db.execute(sql: TodoTable.listingIndexesSQL)
    }
    migrator.registerMigration("todo.v9") { db in
      try db.execute(sql: TodoNumbering.createSQL)
    }
    migrator.registerMigration("todo.v10") { db in
      try db.execute(sql: TodoNumbering.createLateSQL)
    }
    migrator.registerMigration("todo.v11") { db in
      try db.execute(sql: ImportProgressTable.addStepSQL)
    }
    migrator.registerMigration("todo.v12") { db in
      try db.execute(sql: TodoTable.openDueIndexSQL)
    }
  }

  /// The page of `owner`'s list that `query` selects, read from the database: the same page as the
  /// app computes from a ``TodoAPI/TodoModel`` holding the whole list, but only its rows are read.
  ///
  /// Run it inside one read, so that the rows and the counts see the same list:
  ///
  /// ```swift
  /// let page = try database.read { db in
  ///   try TodoDatabase.page(for: TodoListQuery(filter: .open, pageSize: 20), owner: user, now: Date(), in: db)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - query: Which items, and which page of them.
  ///   - owner: The user.
  ///   - now: Which open items count as overdue.
  ///   - db: A connection to a database the to-do migrations have run on.
  /// - Returns: The page: its rows, each numbered by the item's position in the whole list in
  ///   creation order (counting the items deleted since the owner's last listing, so that a number
  ///   keeps meaning the item that listing showed), how many items match, and the counts of the
  ///   items the query's tags admit.
  /// - Throws: The database's error, or ``TodoAPI/TodoFailure`` for a title another program stored
  ///   that is not valid.
  public static func page(
    for query: TodoListQuery, owner: UserID, now: Date, in db: Database
  ) throws -> TodoPage {
    try TodoTable.page(for: query, owner: owner, now: now, in: db)
  }

  /// Runs the to-do migrations that have not run yet on `writer`.
  ///
  /// Safe to call at every launch: a migration runs once per database.
  ///
  /// - Parameter writer: The database (a `DatabaseQueue` or `DatabasePool`).
  /// - Throws: The database's error if a migration fails; the failed migration is rolled back.
  public static func migrate(_ writer: any DatabaseWriter) throws {
    var migrator = DatabaseMigrator()
    registerMigrations(in: &migrator)
    try migrator.migrate(writer)
  }
}
