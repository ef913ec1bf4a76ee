import AuthenticationAPI
import AuthenticationImpl
import Core
import CoreTesting
import Foundation
import GRDB
import Testing

@Suite("CredentialStore: opening and migrations")
struct CredentialStoreTests {
  /// The reason of a `.storage` failure thrown by `body`, or `nil` (recording an issue).
  func storageReason(_ body: () throws(AuthenticationFailure) -> Void) -> String? {
    do {
      try body()
      Issue.record("Expected a storage failure; nothing was thrown.")
    } catch {
      if case .storage(let reason) = error { return reason }
      Issue.record("Expected a storage failure, got \(error).")
    }
    return nil
  }

  @Test("the migrations create prefixed tables and record a prefixed identifier")
  func migrations() throws {
    let database = try DatabaseQueue()
    try CredentialStore.migrate(database)
    try CredentialStore.migrate(database)  // again: nothing to do
    let (tables, identifiers) = try database.read { db in
      (
        try String.fetchAll(
          db,
          sql:
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"),
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
      )
    }
    #expect(
      tables == [
        "authentication_failed_sign_ins", "authentication_sessions", "authentication_users",
        "grdb_migrations",
      ])
    #expect(identifiers == ["authentication.v1"])
    #expect(CredentialStore.migrationIdentifiers == identifiers)
  }

  @Test("the migrations run in the app's migrator alongside other features'")
  func sharedMigrator() throws {
    let database = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    migrator.registerMigration("todo.v1") { db in
      try db.create(table: "todo_items") { $0.autoIncrementedPrimaryKey("id") }
    }
    CredentialStore.registerMigrations(in: &migrator)
    try migrator.migrate(database)
    let identifiers = try database.read {
      try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations")
    }
    #expect(Set(identifiers) == ["todo.v1", "authentication.v1"])
    _ = try CredentialStore(migrating: database)
  }

  @Test("opening a file keeps accounts between launches")
  func opensFile() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("auth.sqlite")
    let first = try CredentialStore.open(at: url)
    let interpreter = AuthenticationInterpreter(
      credentials: first, sessionFile: folder.file("session"), hasher: PasswordHasher(iterations: 1_000))
    let recorder = MessageRecorder()
    try await recorder.interpret(
      .register(username: "ada", password: Password("correct horse")), with: interpreter)
    let second = try CredentialStore.open(at: url)
    let names = try await second.database.read {
      try String.fetchAll($0, sql: "SELECT name FROM authentication_users")
    }
    #expect(names == ["ada"])
  }

  @Test("a file that is not a database fails with a clear reason, not a crash")
  func corruptFile() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("auth.sqlite")
    try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: url)
    let reason = storageReason { () throws(AuthenticationFailure) in _ = try CredentialStore.open(at: url) }
    #expect(
      reason == "the database file is damaged or is not a database. Restore it from a backup or remove it.")
  }

  @Test("a missing folder fails with a clear reason")
  func missingFolder() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("missing").appendingPathComponent("auth.sqlite")
    let reason = storageReason { () throws(AuthenticationFailure) in _ = try CredentialStore.open(at: url) }
    #expect(reason == "the database file cannot be opened. Check that its folder exists and is writable.")
  }

  @Test(
    "an unwritable folder fails with a clear reason",
    .enabled(
      if: FolderPermissions.areEnforced,
      "This process ignores folder permissions (it runs as root), so an unwritable folder cannot be made."))
  func unwritableFolder() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.url.path)
    let reason = storageReason { () throws(AuthenticationFailure) in
      _ = try CredentialStore.open(at: folder.file("auth.sqlite"))
    }
    #expect(reason == "the database file cannot be opened. Check that its folder exists and is writable.")
  }

  @Test("a read-only database makes registration fail with a clear reason")
  func readOnly() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("auth.sqlite")
    _ = try CredentialStore.open(at: url)
    var configuration = Configuration()
    configuration.readonly = true
    let store = CredentialStore(database: try DatabaseQueue(path: url.path, configuration: configuration))
    let interpreter = AuthenticationInterpreter(
      credentials: store, sessionFile: folder.file("session"), hasher: PasswordHasher(iterations: 1_000))
    let recorder = MessageRecorder()
    try await recorder.interpret(
      .register(username: "ada", password: Password("correct horse")), with: interpreter)
    #expect(
      recorder.messages(of: AuthenticationMessage.self) == [
        .registrationFailed(
          .storage("the database is read-only. Check the permissions of the database file and its folder."))
      ])
  }

  @Test("a database locked by another connection makes sign-in and restoring fail with a clear reason")
  func locked() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("auth.sqlite")
    _ = try CredentialStore.open(at: url)
    // No busy timeout: the lock is reported at once. Opened before the lock is taken, because
    // opening reads the schema.
    let store = CredentialStore(database: try DatabaseQueue(path: url.path))
    let interpreter = AuthenticationInterpreter(
      credentials: store, sessionFile: folder.file("session"), hasher: PasswordHasher(iterations: 1_000))
    try Data(repeating: 7, count: 32).write(to: folder.file("session"))
    var blockerConfiguration = Configuration()
    // The test leaves a transaction open on purpose, to hold the lock until it rolls back below.
    blockerConfiguration.allowsUnsafeTransactions = true
    let blocker = try DatabaseQueue(path: url.path, configuration: blockerConfiguration)
    try await blocker.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE") }

    let recorder = MessageRecorder()
    await #expect(throws: Never.self) {
      try await recorder.interpret(
        .signIn(username: "ada", password: Password("correct horse")), with: interpreter)
      try await recorder.interpret(.restoreSession, with: interpreter)
    }
    try await blocker.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
    let locked = AuthenticationFailure.storage(
      "the database is locked by another program or connection. Try again in a moment.")
    #expect(
      recorder.messages(of: AuthenticationMessage.self) == [.signInFailed(locked), .signInFailed(locked)])
    // The saved token is kept: it may be valid once the lock is gone.
    #expect(FileManager.default.fileExists(atPath: folder.file("session").path))
  }
}

/// Whether this process is kept out of a folder without write permission (root is not).
enum FolderPermissions {
  static let areEnforced: Bool = {
    guard let folder = try? TemporaryFolder() else { return false }
    let probe = folder.file("probe")
    guard
      (try? FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.url.path))
        != nil
    else { return false }
    return !FileManager.default.createFile(atPath: probe.path, contents: Data())
  }()
}
