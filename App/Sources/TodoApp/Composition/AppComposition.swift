import AuthenticationImpl
public import Core
public import Foundation
public import GRDB
import NotificationsImpl
import TodoImpl

/// Where the app is put together: the one place that knows every Impl package.
public enum AppComposition {
  /// The app's clock and features, one line each, then the app's own part: its updater, messages
  /// and OS signals.
  ///
  /// Updaters run in this order: the clock first, so every feature reads the time a
  /// ``SystemMessage/clockTicked(_:)`` sets while handling it (the notifications feature is told
  /// the time moved by that message's type); the notifications feature reads the to-do slice after
  /// the to-do feature changed it; the app's own updater sees every result.
  public static let composition = Composition<AppModel, AppEnvironment>(
    features: [
      .clock(\.now),
      .authentication(\.authentication),
      .todo(\.todos),
      .notifications(notifications: \.notifications, now: \.now, movedBy: SystemMessage.self),
    ],
    app: Feature(
      "App", updater: .full(AppUpdater()), subscriptions: .full(SystemSubscriptions()),
      messageTypes: [AppMessage.self],
      interpreters: { _, registrations in
        registrations.register(subscriptions: SignalSubscription.self, interpreter: SignalInterpreter.init)
      }))

  /// The file of the app's database inside its data folder.
  public static let databaseFileName = "todo.sqlite"

  /// The file of the saved session's token inside the data folder.
  public static let sessionFileName = "session"

  /// Opens (creating if needed) the app's one database file and runs every feature's migrations.
  ///
  /// A new database file is created readable by its owner only (0600). A database that another
  /// program keeps locked is waited for up to five seconds.
  ///
  /// On a full disk, where SQLite cannot make the WAL's shared-memory file (`-shm`) and the pool
  /// fails with an I/O error, the database is opened on one connection in exclusive locking mode,
  /// which keeps that index in memory: the list can be read, and changes fail with "disk is full"
  /// until space is freed. The data folder's lock makes the app the database's only user anyway.
  ///
  /// - Parameters:
  ///   - folder: The data folder; created (0700) if missing.
  ///   - notice: Told, in a sentence, when the database was opened so because the disk is full.
  /// - Returns: The database.
  /// - Throws: ``StartupError`` with one sentence saying what went wrong and what to do, never
  ///   SQLite's own text, which quotes SQL.
  public static func openDatabase(
    in folder: URL, notice: (String) -> Void = { _ in }
  ) throws(StartupError) -> any DatabaseWriter {
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw StartupError("Cannot create the data folder \(folder.path): \(error.localizedDescription)")
    }
    let path = folder.appendingPathComponent(databaseFileName).path
    do {
      try PrivateFile.create(atPath: path)
    } catch {
      throw StartupError("Cannot create the database \(path): \(error.localizedDescription)")
    }
    do {
      return try open(at: path, in: folder) { try DatabasePool(path: $0, configuration: $1) }
    } catch let error as DatabaseError where [.SQLITE_IOERR, .SQLITE_FULL].contains(error.resultCode) {
      do {
        let queue = try open(at: path, in: folder, exclusive: true) {
          try DatabaseQueue(path: $0, configuration: $1)
        }
        removeUnusedSharedMemory(of: path)
        notice(
          "the disk holding \(folder.path) is full: the list can be read, but no change can be stored until "
            + "some space is freed.")
        return queue
      } catch {
        throw StartupError(opening: path, error)
      }
    } catch {
      throw StartupError(opening: path, error)
    }
  }

  /// Opens the database at `path` with `make` and prepares it for the app.
  ///
  /// - Parameter exclusive: Whether the connection takes the file for itself (`locking_mode =
  ///   EXCLUSIVE`), so that the WAL's index lives in its memory and no `-shm` file is needed.
  private static func open<Writer: DatabaseWriter>(
    at path: String, in folder: URL, exclusive: Bool = false,
    _ make: (String, Configuration) throws -> Writer
  ) throws -> Writer {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    // WAL with synchronous = NORMAL, as SQLite recommends for WAL: a commit is not synced to disk
    // (FULL's fsync cost ~250 µs of a ~290 µs toggle here); a crash of the app loses nothing, a
    // power cut may lose the last commits, and the file never corrupts. docs/performance.md, B5.
    configuration.prepareDatabase { db in
      // Before the first read: a connection in exclusive mode never maps the shared memory.
      if exclusive { try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE") }
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
    }
    let database = try make(path, configuration)
    do {
      if try database.read(isForeign) { throw DatabaseError(resultCode: .SQLITE_NOTADB) }
      try composition.prepare(AppEnvironment(database: database, folder: folder))
      return database
    } catch {
      try? database.close()
      throw error
    }
  }

  /// Removes the `-shm` file a pool that could not size it left behind: shorter than the 32 KiB
  /// every connection that uses one maps, so no program uses it.
  private static func removeUnusedSharedMemory(of path: String) {
    let shm = path + "-shm"
    guard let size = (try? FileManager.default.attributesOfItem(atPath: shm))?[.size] as? Int, size < 32_768
    else { return }
    try? FileManager.default.removeItem(atPath: shm)
  }

  /// Whether the database holds tables but none of the app's: another program's database.
  private static func isForeign(_ db: Database) throws -> Bool {
    let tables = try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    return !tables.isEmpty && !tables.contains("grdb_migrations")
  }

  /// Closes the database so that nothing but the database file stays in the data folder.
  ///
  /// SQLite removes the `-wal` and `-shm` files when the last connection to the database closes,
  /// but only if that connection may write: a pool may close a read-only reader last. So the WAL
  /// is checkpointed into the database first, and one read-write connection is opened and closed
  /// alone after the pool.
  ///
  /// - Parameters:
  ///   - database: The app's database, no longer used.
  ///   - folder: Its data folder.
  public static func close(_ database: any DatabaseWriter, in folder: URL) {
    // Each step is best effort: at exit, a failure leaves files SQLite recovers at the next launch.
    _ = try? database.writeWithoutTransaction { try $0.checkpoint(.truncate) }
    try? database.close()
    // One connection (opened on a full disk) was the last, and could write.
    guard database is DatabasePool else { return }
    if let last = try? DatabaseQueue(path: folder.appendingPathComponent(databaseFileName).path) {
      try? last.close()
    }
  }

  /// A store with the live interpreters, on `database`.
  ///
  /// - Parameters:
  ///   - database: The migrated database (``openDatabase(in:)``).
  ///   - folder: The data folder, for the session token file.
  /// - Returns: The store, not yet started.
  @MainActor
  public static func makeStore(database: any DatabaseWriter, folder: URL) -> Store<AppModel> {
    Store(
      model: AppModel(), composition: composition,
      environment: AppEnvironment(database: database, folder: folder))
  }
}

/// Why the app could not start, in one sentence.
public struct StartupError: Error, CustomStringConvertible {
  /// The sentence.
  public let description: String

  init(_ description: String) { self.description = description }

  /// The sentence for an error opening the database at `path`: what happened and what to do.
  init(opening path: String, _ error: any Error) {
    guard let error = error as? DatabaseError else {
      self.init("Cannot open the database \(path): \(error.localizedDescription)")
      return
    }
    switch error.resultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      self.init(
        "the database \(path) is locked by another program; nothing was changed. Try again once it has finished."
      )
    case .SQLITE_NOTADB, .SQLITE_CORRUPT:
      self.init(
        "\(path) is not a todo database or is damaged; move it away (the app then starts afresh) or restore it "
          + "from a backup.")
    default:
      self.init(
        "Cannot open the database \(path): \(error.message ?? "SQLite error \(error.resultCode.rawValue)").")
    }
  }
}
