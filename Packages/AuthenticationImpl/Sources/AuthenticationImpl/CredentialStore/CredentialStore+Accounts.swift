import AuthenticationAPI
import Foundation
import GRDB

/// An account with its password hash, as only the interpreter sees it.
struct StoredAccount: Sendable {
  let user: User
  let passwordHash: PasswordHash
}

extension CredentialStore {
  /// Whether an account has `name`, ignoring case.
  func hasAccount(named name: String) async throws -> Bool {
    try await database.read { db in
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM \(Tables.users) WHERE name = ?)", arguments: [name]) ?? false
    }
  }

  /// Creates an account; `nil` if the name is taken (possibly by a concurrent registration).
  func createAccount(named name: String, passwordHash: PasswordHash, at time: Int64) async throws -> User? {
    do {
      let id = try await database.write { db in
        try db.execute(
          sql: """
            INSERT INTO \(Tables.users)
              (name, password_algorithm, password_iterations, password_salt, password_hash, created_at_ms)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            name, passwordHash.algorithm, passwordHash.iterations, passwordHash.salt, passwordHash.key, time,
          ])
        return db.lastInsertedRowID
      }
      return User(id: UserID(rawValue: id), name: name)
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
      return nil
    }
  }

  /// The account named `name`, ignoring case, with its password hash.
  func account(named name: String) async throws -> StoredAccount? {
    try await database.read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT id, name, password_algorithm, password_iterations, password_salt, password_hash
          FROM \(Tables.users) WHERE name = ?
          """,
        arguments: [name])
      return row.map { row in
        StoredAccount(
          user: User(id: UserID(rawValue: row["id"]), name: row["name"]),
          passwordHash: PasswordHash(
            algorithm: row["password_algorithm"], iterations: row["password_iterations"],
            salt: row["password_salt"], key: row["password_hash"]))
      }
    }
  }

  /// Replaces the password hash of `user`, to raise its work factor.
  func replacePasswordHash(of user: UserID, with hash: PasswordHash) async throws {
    try await database.write { db in
      try db.execute(
        sql: """
          UPDATE \(Tables.users)
          SET password_algorithm = ?, password_iterations = ?, password_salt = ?, password_hash = ?
          WHERE id = ?
          """,
        arguments: [hash.algorithm, hash.iterations, hash.salt, hash.key, user.rawValue])
    }
  }
}
