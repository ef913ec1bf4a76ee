import AuthenticationAPI
import GRDB

/// `todo_import_progress`: how far each user's import of a file got, so that importing the file
/// again resumes after the last row stored instead of storing its rows twice, and an import of a
/// file read to its end before, unchanged since, is refused unless asked for again.
///
/// A row is written in the transaction of each batch, so it says exactly what was stored however
/// the import ended (a cancel, a signal, `kill -9`), and marked `finished` when the import reads the
/// file to its end (migration `todo.v7`); undoing the import deletes it. The file's size and
/// modification time are kept with it: a file changed since is imported from its start. So is the
/// import's step of the undo history (migration `todo.v11`): an import resumed while that step is
/// still the owner's last stores its rows under it, so that `undo` takes back the whole import.
enum ImportProgressTable {
  /// Where an import of a file stopped.
  struct Progress: Equatable {
    /// The file's size in bytes when it was imported.
    var size: Int64
    /// The file's modification time, in milliseconds since 1970, when it was imported.
    var modified: Int64
    /// The line of the last row stored (the line it starts on).
    var line: Int
    /// Whether the import read the file to its end.
    var finished = false
    /// The import's step of the owner's undo history; `nil` for a row written before migration
    /// `todo.v11`.
    var step: Int64?

    /// Whether it describes the file of this size and modification time.
    func matches(size: Int64, modified: Int64) -> Bool {
      self.size == size && self.modified == modified
    }
  }

  static let createSQL = """
    CREATE TABLE todo_import_progress (
      owner INTEGER NOT NULL,
      path TEXT NOT NULL,
      size INTEGER NOT NULL,
      modified INTEGER NOT NULL,
      line INTEGER NOT NULL,
      PRIMARY KEY (owner, path)
    ) WITHOUT ROWID;
    """

  /// The column `finished`, added by migration `todo.v7`.
  static let addFinishedSQL =
    "ALTER TABLE todo_import_progress ADD COLUMN finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1))"

  /// The column `step`, added by migration `todo.v11`.
  static let addStepSQL = "ALTER TABLE todo_import_progress ADD COLUMN step INTEGER"

  /// Where `owner`'s last import of `path` stopped, or that it finished.
  static func progress(of owner: UserID, path: String, in db: Database) throws -> Progress? {
    try Row.fetchOne(
      db,
      sql:
        "SELECT size, modified, line, finished, step FROM todo_import_progress WHERE owner = ? AND path = ?",
      arguments: [owner.rawValue, path]
    ).map {
      Progress(
        size: $0["size"], modified: $0["modified"], line: $0["line"], finished: $0["finished"],
        step: $0["step"])
    }
  }

  /// Records that `owner`'s import of `path` has stored its rows up to `progress.line`.
  static func save(_ progress: Progress, of owner: UserID, path: String, in db: Database) throws {
    try db.execute(
      sql: """
        INSERT INTO todo_import_progress (owner, path, size, modified, line, finished, step)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (owner, path) DO UPDATE SET
          size = excluded.size, modified = excluded.modified, line = excluded.line, finished = excluded.finished,
          step = excluded.step
        """,
      arguments: [
        owner.rawValue, path, progress.size, progress.modified, progress.line, progress.finished,
        progress.step,
      ])
  }

  /// Forgets `owner`'s import of `path`: it was undone.
  static func delete(of owner: UserID, path: String, in db: Database) throws {
    try db.execute(
      sql: "DELETE FROM todo_import_progress WHERE owner = ? AND path = ?", arguments: [owner.rawValue, path])
  }
}
