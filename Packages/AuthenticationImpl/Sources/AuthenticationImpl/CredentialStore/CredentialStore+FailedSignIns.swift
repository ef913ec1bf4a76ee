import GRDB

extension CredentialStore {
  /// The times of the failed sign-ins for `name` (ignoring case) later than `start`.
  func failedSignIns(for name: String, after start: Int64) async throws -> [Int64] {
    try await database.read { db in
      try Int64.fetchAll(
        db,
        sql: """
          SELECT attempted_at_ms FROM \(Tables.failedSignIns)
          WHERE username = ? AND attempted_at_ms > ? ORDER BY attempted_at_ms DESC
          """,
        arguments: [name, start])
    }
  }

  /// Records a failed sign-in for `name` at `time`, and forgets every failure (of any name) at or
  /// before `forgetBefore`, which can no longer count towards a lockout.
  func recordFailedSignIn(for name: String, at time: Int64, forgettingUpTo forgetBefore: Int64) async throws {
    try await database.write { db in
      try db.execute(
        sql: "DELETE FROM \(Tables.failedSignIns) WHERE attempted_at_ms <= ?", arguments: [forgetBefore])
      try db.execute(
        sql: "INSERT INTO \(Tables.failedSignIns) (username, attempted_at_ms) VALUES (?, ?)",
        arguments: [name, time])
    }
  }

  /// Forgets the failed sign-ins for `name`, after a successful one.
  func clearFailedSignIns(for name: String) async throws {
    try await database.write { db in
      try db.execute(sql: "DELETE FROM \(Tables.failedSignIns) WHERE username = ?", arguments: [name])
    }
  }
}
