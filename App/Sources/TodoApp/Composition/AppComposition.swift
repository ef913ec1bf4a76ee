import AuthenticationAPI
import AuthenticationImpl
public import Core
public import Foundation
public import GRDB
import NotificationsAPI
import NotificationsImpl
import TodoAPI
import TodoImpl

/// Where the app is put together: the one place that knows every Impl package.
public enum AppComposition {
  /// The combined updater: each feature on its slice, then the app's own updater, which sees the
  /// features' results already applied.
  public static var updater: CombinedUpdater<AppModel> {
    CombinedUpdater<AppModel>([
      .slice(\.authentication, AuthenticationUpdater()),
      .slice(\.todos, TodoUpdater()),
      .full(NotificationsUpdater(todos: \.todos, notifications: \.notifications)),
      .full(AppUpdater()),
    ])
  }

  /// The combined subscription provider: the session's expiry, reminders, ticks and signals.
  public static var subscriptions: CombinedSubscriptionProvider<AppModel> {
    CombinedSubscriptionProvider<AppModel>([
      .slice(\.authentication, AuthenticationSubscriptions()),
      .full(NotificationsSubscriptions(todos: \.todos, notifications: \.notifications)),
    ])
  }

  /// Every message type a trace of the app can hold, for replay.
  public static let messageTypes: [any (Message & Decodable).Type] = [
    AppMessage.self, AuthenticationMessage.self, TodoMessage.self, NotificationsMessage.self,
  ]

  /// The file of the app's database inside its data folder.
  public static let databaseFileName = "todo.sqlite"

  /// Opens (creating if needed) the app's one database file and runs every feature's migrations.
  ///
  /// - Parameter folder: The data folder; created if missing.
  /// - Returns: The database.
  /// - Throws: ``StartupError`` with a sentence saying what went wrong.
  public static func openDatabase(in folder: URL) throws(StartupError) -> DatabasePool {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw StartupError("Cannot create the data folder \(folder.path): \(error.localizedDescription)")
    }
    let path = folder.appendingPathComponent(databaseFileName).path
    do {
      var configuration = Configuration()
      configuration.busyMode = .timeout(5)
      // WAL with synchronous = NORMAL, as SQLite recommends for WAL: a commit is not synced to disk
      // (FULL's fsync cost ~250 µs of a ~290 µs toggle here); a crash of the app loses nothing, a
      // power cut may lose the last commits, and the file never corrupts. docs/performance.md, B5.
      configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
      let database = try DatabasePool(path: path, configuration: configuration)
      var migrator = DatabaseMigrator()
      CredentialStore.registerMigrations(in: &migrator)
      TodoDatabase.registerMigrations(in: &migrator)
      try migrator.migrate(database)
      return database
    } catch {
      throw StartupError("Cannot open the database \(path): \(error)")
    }
  }

  /// A store with the live interpreters, on `database`.
  ///
  /// - Parameters:
  ///   - database: The migrated database (``openDatabase(in:)``).
  ///   - folder: The data folder, for the session token file.
  /// - Returns: The store, not yet started.
  @MainActor
  public static func makeStore(database: DatabasePool, folder: URL) -> Store<AppModel> {
    let store = Store(model: AppModel(), updater: updater, subscriptions: subscriptions)
    let now: @Sendable () -> Date = { Date() }
    let clock = ContinuousClock()
    let authentication = AuthenticationInterpreter(
      credentials: CredentialStore(database: database), sessionFile: folder.appendingPathComponent("session"),
      now: now, clock: clock)
    store.register(authentication)
    store.register(subscriptions: SessionExpiry.self, run: authentication.runSessionExpiry)
    store.register(TodoInterpreter(database: database, now: now))
    store.register(NotificationsInterpreter(now: now))
    store.register(subscriptions: ReminderSubscription.self, run: ReminderRunner(clock: clock, now: now).run)
    store.register(subscriptions: TickSubscription.self, run: TickRunner(clock: clock, now: now).run)
    store.register(subscriptions: SignalSubscription.self, interpreter: SignalInterpreter.init)
    return store
  }
}

/// Why the app could not start, in one sentence.
public struct StartupError: Error, CustomStringConvertible {
  /// The sentence.
  public let description: String

  init(_ description: String) { self.description = description }
}
