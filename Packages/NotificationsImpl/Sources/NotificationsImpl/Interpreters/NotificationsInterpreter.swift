public import Core
public import GRDB
public import NotificationsAPI

/// Performs ``NotificationsAPI/NotificationsCommand``s on the `notifications_seen` table
/// (``SeenTable``).
///
/// ```swift
/// try SeenTable.migrate(database)
/// store.register(NotificationsInterpreter(database: database))
/// ```
public struct NotificationsInterpreter: CommandInterpreter {
  private let database: any DatabaseWriter

  /// Creates an interpreter on a database where ``SeenTable/migrate(_:)`` has run.
  ///
  /// - Parameter database: The app's database.
  public init(database: any DatabaseWriter) {
    self.database = database
  }

  /// Reads or stores a seen-until time.
  ///
  /// - Parameters:
  ///   - command: The command.
  ///   - dispatch: Receives ``NotificationsAPI/NotificationsMessage/seenLoaded(_:until:)`` for a load.
  /// - Throws: The database's error (but a save on a full disk is skipped). A failed load sends nothing, so the user's missed reminders
  ///   stay unannounced (and the stored time unchanged) rather than being taken as seen.
  public func interpret(_ command: NotificationsCommand, dispatch: Dispatch) async throws {
    switch command {
    case .loadSeen(let user):
      let seen = try await database.read { db in try SeenTable.seenUntil(of: user, in: db) }
      dispatch(NotificationsMessage.seenLoaded(user, until: seen))
    case .saveSeen(let user, let date):
      do {
        try await database.write { db in try SeenTable.save(date, of: user, in: db) }
      } catch let error as DatabaseError where [.SQLITE_FULL, .SQLITE_READONLY].contains(error.resultCode) {
        // On a full disk, or in a read-only data folder (the app said no change can be saved), the
        // time stays as stored: at worst a reminder is announced again at the next launch, which is
        // no failure worth reporting at every tick.
      }
    }
  }
}
