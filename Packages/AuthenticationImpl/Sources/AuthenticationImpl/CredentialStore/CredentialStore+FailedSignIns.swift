import GRDB

extension CredentialStore {
  /// What ``reserveSignInAttempt(for:at:under:)`` decided.
  enum SignInReservation {
    /// The attempt is recorded as a failure, in advance, under this row id: the caller checks the
    /// password, then keeps the record if it is wrong, or clears the name's failures if it is right.
    case reserved(Int64)
    /// The name is locked out for this many more minutes; nothing was recorded.
    case lockedOut(retryAfterMinutes: Int)
  }

  /// Checks whether `name` (ignoring case) is locked out at `time` and, if it is not, records the
  /// attempt as a failure, in one write transaction.
  ///
  /// Because the check and the record are one transaction, concurrent attempts on the same database
  /// (through any store or connection) are counted one after the other: at most
  /// `policy.maximumFailures` of them within the window get their password checked. Failures (of
  /// any name) that have left the window are forgotten on the way.
  ///
  /// - Parameters:
  ///   - name: The validated user name.
  ///   - time: The time of the attempt, in milliseconds since 1970.
  ///   - policy: The lockout policy.
  /// - Returns: The reservation, or how long the name is locked out.
  func reserveSignInAttempt(
    for name: String, at time: Int64, under policy: LockoutPolicy
  ) async throws -> SignInReservation {
    let windowStart = time - policy.window.wholeMilliseconds
    return try await database.write { db in
      try db.execute(
        sql: "DELETE FROM \(Tables.failedSignIns) WHERE attempted_at_ms <= ?", arguments: [windowStart])
      // What is left is within the window.
      let failures = try Int64.fetchAll(
        db, sql: "SELECT attempted_at_ms FROM \(Tables.failedSignIns) WHERE username = ?", arguments: [name])
      // Refused attempts are not recorded, so that waiting always ends the lockout.
      if let minutes = policy.retryAfterMinutes(failures: failures, now: time) {
        return .lockedOut(retryAfterMinutes: minutes)
      }
      try db.execute(
        sql: "INSERT INTO \(Tables.failedSignIns) (username, attempted_at_ms) VALUES (?, ?)",
        arguments: [name, time])
      return .reserved(db.lastInsertedRowID)
    }
  }

  /// Forgets the attempt reserved under `id`, whose password was not checked.
  func withdrawSignInAttempt(_ id: Int64) async throws {
    try await database.write { db in
      try db.execute(sql: "DELETE FROM \(Tables.failedSignIns) WHERE id = ?", arguments: [id])
    }
  }

  /// Forgets the failed sign-ins for `name` (ignoring case), after a successful one; this includes
  /// the successful attempt's own reservation.
  func clearFailedSignIns(for name: String) async throws {
    try await database.write { db in
      try db.execute(sql: "DELETE FROM \(Tables.failedSignIns) WHERE username = ?", arguments: [name])
    }
  }
}
