import AuthenticationImpl
public import Foundation
public import GRDB
import NotificationsImpl
import TodoImpl

extension AppComposition {
  /// The migrations a database must have had for the app to read it as it is.
  static let migrationIdentifiers =
    CredentialStore.migrationIdentifiers + TodoDatabase.migrationIdentifiers + SeenTable.migrationIdentifiers

  /// Whether the app cannot write in `folder`: it is on a read-only file system (a read-only
  /// mount, a snapshot), or the user may not write there. Such a folder is opened read-only
  /// (``openReadOnlyDatabase(in:)``) rather than refused: its list can still be read.
  ///
  /// - Parameter folder: An existing data folder.
  /// - Returns: `true` if nothing can be written in it.
  public static func isReadOnly(_ folder: URL) -> Bool {
    access(folder.path, W_OK) != 0
  }

  /// Opens the database of a folder nothing can be written in (``isReadOnly(_:)``), read-only.
  ///
  /// SQLite cannot open a database in WAL mode read-only when its `-shm` file is missing and cannot
  /// be made, as in a read-only folder the app closed cleanly, so the file is opened as immutable
  /// (`immutable=1`: no locks, no WAL, the file taken as never changing while open), which needs
  /// the SQLite library to take URI file names (Debian's and Apple's do). No migration runs: a
  /// database that lacks one of the app's migrations is refused, saying to open it once where it
  /// can be written.
  ///
  /// - Parameter folder: The data folder.
  /// - Returns: The database; every write fails with SQLite's "attempt to write a readonly database".
  /// - Throws: ``StartupError`` if the folder holds no database, a database of another program or
  ///   of an older version of the app, or it cannot be opened.
  public static func openReadOnlyDatabase(in folder: URL) throws(StartupError) -> any DatabaseWriter {
    let path = folder.appendingPathComponent(databaseFileName).path
    guard FileManager.default.fileExists(atPath: path) else {
      throw StartupError(
        "the data folder \(folder.path) is read-only and holds no database: there is nothing to read.")
    }
    var configuration = Configuration()
    configuration.readonly = true
    let database: DatabaseQueue
    do {
      database = try DatabaseQueue(path: immutableURI(path), configuration: configuration)
    } catch {
      throw StartupError(opening: path, error)
    }
    let applied: Set<String>
    do {
      applied = try database.read { db in
        guard try db.tableExists("grdb_migrations") else { return [] }
        return Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
      }
    } catch {
      try? database.close()
      throw StartupError(opening: path, error)
    }
    guard applied.isSuperset(of: migrationIdentifiers) else {
      try? database.close()
      throw StartupError(
        "the data folder \(folder.path) is read-only, and its database was made by an older todo: open it once "
          + "where it can be written, so that it is brought up to date.")
    }
    return database
  }

  /// The `file:` URI that opens `path` read-only as immutable.
  static func immutableURI(_ path: String) -> String {
    // In a URI, `?`, `#` and `%` would end or escape the path.
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    return "file:\(escaped)?mode=ro&immutable=1"
  }
}
