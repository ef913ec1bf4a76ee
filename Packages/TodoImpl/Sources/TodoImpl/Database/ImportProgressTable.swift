import AuthenticationAPI
import GRDB

/// `todo_import_progress`: how far each user's unfinished import of a file got, so that importing
/// the file again resumes after the last row stored instead of storing its rows twice.
///
/// A row is written in the transaction of each batch, so it says exactly what was stored however
/// the import ended (a cancel, a signal, `kill -9`), and deleted when the import reads the file to
/// its end. The file's size and modification time are kept with it: a file changed since is
/// imported from its start.
enum ImportProgressTable {
  /// Where an import of a file stopped.
  struct Progress: Equatable {
    /// The file's size in bytes when it was imported.
    var size: Int64
    /// The file's modification time, in milliseconds since 1970, when it was imported.
    var modified: Int64
    /// The line of the last row stored (the line it starts on).
    var line: Int
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

  /// Where `owner`'s last import of `path` stopped, if it did not finish.
  static func progress(of owner: UserID, path: String, in db: Database) throws -> Progress? {
    try Row.fetchOne(
      db, sql: "SELECT size, modified, line FROM todo_import_progress WHERE owner = ? AND path = ?",
      arguments: [owner.rawValue, path]
    ).map { Progress(size: $0["size"], modified: $0["modified"], line: $0["line"]) }
  }

  /// Records that `owner`'s import of `path` has stored its rows up to `progress.line`.
  static func save(_ progress: Progress, of owner: UserID, path: String, in db: Database) throws {
    try db.execute(
      sql: """
        INSERT INTO todo_import_progress (owner, path, size, modified, line) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (owner, path) DO UPDATE SET
          size = excluded.size, modified = excluded.modified, line = excluded.line
        """,
      arguments: [owner.rawValue, path, progress.size, progress.modified, progress.line])
  }

  /// Forgets `owner`'s import of `path`: it read the file to its end.
  static func delete(of owner: UserID, path: String, in db: Database) throws {
    try db.execute(
      sql: "DELETE FROM todo_import_progress WHERE owner = ? AND path = ?", arguments: [owner.rawValue, path])
  }
}
