import AuthenticationAPI
import Foundation
public import GRDB

/// The notifications feature's part of the app's SQLite database: one table, `notifications_seen`,
/// holding each user's seen-until time (see ``NotificationsAPI/NotificationsCommand``).
///
/// `notifications_seen(user, seen_until)`: one row per user who has signed in, the time in whole
/// milliseconds since 1970. Nothing else about notifications is stored: the inbox lives in the
/// model, and what a user missed is found again from the to-do list's due dates and this time.
public enum SeenTable {
  /// The identifiers of the notifications migrations, in order; they start with `notifications.`
  /// as the table's name does.
  public static let migrationIdentifiers = ["notifications.v1"]

  /// Adds the notifications migrations to `migrator`.
  ///
  /// - Parameter migrator: The app's migrator.
  public static func registerMigrations(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("notifications.v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE notifications_seen (
            user INTEGER PRIMARY KEY NOT NULL,
            seen_until INTEGER NOT NULL
          )
          """)
    }
  }

  /// Runs the notifications migrations that have not run yet on `writer`; safe at every launch.
  ///
  /// - Parameter writer: The database.
  /// - Throws: The database's error if a migration fails; it is rolled back.
  public static func migrate(_ writer: any DatabaseWriter) throws {
    var migrator = DatabaseMigrator()
    registerMigrations(in: &migrator)
    try migrator.migrate(writer)
  }

  /// The seen-until time of `user`, or `nil` if none was stored.
  static func seenUntil(of user: UserID, in db: Database) throws -> Date? {
    try Int64.fetchOne(
      db, sql: "SELECT seen_until FROM notifications_seen WHERE user = ?", arguments: [user.rawValue]
    ).map { Date(timeIntervalSince1970: Double($0) / 1000) }
  }

  /// Stores `date` as the seen-until time of `user`, unless a later one is stored already.
  static func save(_ date: Date, of user: UserID, in db: Database) throws {
    // Whole milliseconds, rounded down: a stored time never claims more than was seen.
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    try db.execute(
      sql: """
        INSERT INTO notifications_seen (user, seen_until) VALUES (?, ?)
        ON CONFLICT (user) DO UPDATE SET seen_until = max(seen_until, excluded.seen_until)
        """, arguments: [user.rawValue, milliseconds])
  }
}
