public import GRDB

extension CredentialStore {
  /// The identifiers of the authentication migrations, in order.
  public static let migrationIdentifiers = ["authentication.v1"]

  /// Runs the authentication migrations that have not run yet.
  ///
  /// Safe to call at every launch and alongside other features' migrations: GRDB records the
  /// migrations it ran in the database by identifier.
  ///
  /// - Parameter writer: The database.
  /// - Throws: The `DatabaseError` of a failed migration; ``init(migrating:)`` translates it into a
  ///   clear failure.
  public static func migrate(_ writer: any DatabaseWriter) throws {
    var migrator = DatabaseMigrator()
    registerMigrations(in: &migrator)
    try migrator.migrate(writer)
  }

  /// Adds the authentication migrations to `migrator`, for an app that runs every feature's
  /// migrations with one migrator.
  ///
  /// - Parameter migrator: The app's migrator.
  public static func registerMigrations(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("authentication.v1") { db in
      // Times are INTEGER milliseconds since 1970 (see Timestamps.swift). Names compare without
      // case, so "Ada" cannot register next to "ada".
      try db.create(table: Tables.users) { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("name", .text).notNull().unique().collate(.nocase)
        table.column("password_algorithm", .text).notNull()
        table.column("password_iterations", .integer).notNull()
        table.column("password_salt", .blob).notNull()
        table.column("password_hash", .blob).notNull()
        table.column("created_at_ms", .integer).notNull()
      }
      try db.create(table: Tables.sessions) { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("user_id", .integer).notNull().indexed()
          .references(Tables.users, onDelete: .cascade)
        table.column("token_hash", .blob).notNull().unique()
        table.column("created_at_ms", .integer).notNull()
        table.column("expires_at_ms", .integer).notNull().indexed()
      }
      try db.create(table: Tables.failedSignIns) { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("username", .text).notNull().collate(.nocase)
        table.column("attempted_at_ms", .integer).notNull()
      }
      try db.create(
        index: "\(Tables.failedSignIns)_on_username", on: Tables.failedSignIns,
        columns: ["username", "attempted_at_ms"])
    }
  }

  /// The table names, all prefixed with the feature's name.
  enum Tables {
    static let users = "authentication_users"
    static let sessions = "authentication_sessions"
    static let failedSignIns = "authentication_failed_sign_ins"
  }
}
