import AuthenticationAPI
import Foundation
import GRDB

extension CredentialStore {
  /// Stores a new session by its token's hash and returns its handle.
  ///
  /// In the same transaction it deletes the sessions that have expired and, if given, the session
  /// whose token the new one replaces in the session file (whoever it belonged to).
  func createSession(
    for user: UserID, tokenHash: Data, createdAt: Int64, expiresAt: Int64, replacing previousTokenHash: Data?
  ) async throws -> SessionID {
    let id = try await database.write { db in
      try db.execute(sql: "DELETE FROM \(Tables.sessions) WHERE expires_at_ms <= ?", arguments: [createdAt])
      if let previousTokenHash {
        try db.execute(
          sql: "DELETE FROM \(Tables.sessions) WHERE token_hash = ?", arguments: [previousTokenHash])
      }
      try db.execute(
        sql: """
          INSERT INTO \(Tables.sessions) (user_id, token_hash, created_at_ms, expires_at_ms)
          VALUES (?, ?, ?, ?)
          """,
        arguments: [user.rawValue, tokenHash, createdAt, expiresAt])
      return db.lastInsertedRowID
    }
    return SessionID(rawValue: id)
  }

  /// The session whose token hashes to `tokenHash`, expired or not.
  func session(withTokenHash tokenHash: Data) async throws -> Session? {
    try await database.read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT s.id, s.expires_at_ms, u.id AS user_id, u.name
          FROM \(Tables.sessions) s JOIN \(Tables.users) u ON u.id = s.user_id
          WHERE s.token_hash = ?
          """,
        arguments: [tokenHash])
      return row.map { row in
        Session(
          id: SessionID(rawValue: row["id"]),
          user: User(id: UserID(rawValue: row["user_id"]), name: row["name"]),
          expiresAt: Date(millisecondsSince1970: row["expires_at_ms"]))
      }
    }
  }

  /// The handle of the session whose token hashes to `tokenHash`.
  func sessionID(withTokenHash tokenHash: Data) async throws -> SessionID? {
    try await database.read { db in
      try Int64.fetchOne(
        db, sql: "SELECT id FROM \(Tables.sessions) WHERE token_hash = ?", arguments: [tokenHash]
      ).map(SessionID.init(rawValue:))
    }
  }

  /// Deletes the session `id`; nothing happens if it is gone.
  func deleteSession(_ id: SessionID) async throws {
    try await database.write { db in
      try db.execute(sql: "DELETE FROM \(Tables.sessions) WHERE id = ?", arguments: [id.rawValue])
    }
  }
}
