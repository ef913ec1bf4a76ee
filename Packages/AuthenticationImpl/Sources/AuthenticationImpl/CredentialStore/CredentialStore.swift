public import AuthenticationAPI
public import Foundation
public import GRDB

/// The accounts, sessions and failed sign-ins of authentication, kept in SQLite through GRDB.
///
/// The store keeps no secret in the clear: passwords as salted PBKDF2 hashes (``PasswordHasher``),
/// session tokens as SHA-256 hashes. Its tables are prefixed `authentication_` and its migrations
/// `authentication.`, so the app can keep every feature in one database file: hand the same
/// `DatabaseWriter` to each feature and run each feature's migrations
/// (``migrate(_:)`` or ``registerMigrations(in:)``).
///
/// ```swift
/// let credentials = try CredentialStore(migrating: appDatabase)        // the app's shared writer
/// let credentials = try CredentialStore.open(at: dataFolder.appending(path: "auth.sqlite"))
/// let credentials = try CredentialStore(migrating: DatabaseQueue())     // tests: in memory
/// ```
///
/// Its operations are used by ``AuthenticationInterpreter``; they are not public.
///
/// A sign-in's lockout check and the record of the attempt are one write transaction, so stores
/// and processes sharing a database cannot together check more passwords than ``LockoutPolicy``
/// allows. Sign-ins for one user name through one store, or its copies, also run one at a time,
/// so that none is refused because of another still in progress (see ``AuthenticationInterpreter``).
public struct CredentialStore: Sendable {
  /// The database the store reads and writes.
  public let database: any DatabaseWriter
  /// Holds each lowercased user name while a sign-in for it is in progress; shared by copies.
  let signInLock = KeyedLock<String>()

  /// Wraps a database whose authentication migrations have already run.
  ///
  /// Use it when the app runs every feature's migrations itself; otherwise use
  /// ``init(migrating:)``.
  ///
  /// - Parameter database: The app's database writer (a `DatabaseQueue` or `DatabasePool`).
  public init(database: any DatabaseWriter) {
    self.database = database
  }

  /// Runs the authentication migrations that have not run yet on `database`, then wraps it.
  ///
  /// - Parameter database: The app's database writer, or `DatabaseQueue()` for an in-memory store.
  /// - Throws: ``AuthenticationAPI/AuthenticationFailure/storage(_:)`` with a clear reason if the
  ///   database is locked, damaged, not a database, or cannot be written.
  public init(migrating database: any DatabaseWriter) throws(AuthenticationFailure) {
    do {
      try Self.migrate(database)
    } catch {
      throw .storage(for: error)
    }
    self.init(database: database)
  }

  /// Opens (creating it if needed) the SQLite file at `url` and runs the authentication migrations.
  ///
  /// The folder must exist. The connection waits up to five seconds for another connection's lock
  /// before reporting the database as locked.
  ///
  /// - Parameter url: The database file, typically in the app's data folder.
  /// - Returns: The store on a `DatabaseQueue` of that file.
  /// - Throws: ``AuthenticationAPI/AuthenticationFailure/storage(_:)`` with a clear reason if the
  ///   folder is missing or unwritable, or the file is damaged or not a database.
  public static func open(at url: URL) throws(AuthenticationFailure) -> CredentialStore {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    let queue: DatabaseQueue
    do {
      queue = try DatabaseQueue(path: url.path, configuration: configuration)
    } catch {
      throw .storage(for: error)
    }
    return try CredentialStore(migrating: queue)
  }
}
