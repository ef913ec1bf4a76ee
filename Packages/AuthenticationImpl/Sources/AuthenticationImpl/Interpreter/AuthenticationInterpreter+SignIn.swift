import AuthenticationAPI
import Core

extension AuthenticationInterpreter {
  /// Checks the lockout, then the password, and starts a session.
  ///
  /// A name without an account costs the same hashing time as a wrong password and gets the same
  /// answer, so neither the answer nor its delay tells whether the name exists. A correct password
  /// stored with a weaker work factor than the hasher's is rehashed.
  func signIn(username raw: String, password: Password) async -> AuthenticationMessage {
    let name: String
    switch Username.validate(raw) {
    case .success(let valid): name = valid
    case .failure(let failure): return .signInFailed(failure)
    }
    do {
      let attemptedAt = nowMilliseconds
      let windowStart = attemptedAt - lockout.window.wholeMilliseconds
      let failures = try await credentials.failedSignIns(for: name, after: windowStart)
      if let minutes = lockout.retryAfterMinutes(failures: failures, now: attemptedAt) {
        return .signInFailed(.lockedOut(retryAfterMinutes: minutes))
      }
      // A redacted password (a replayed trace) cannot be checked and must not be revealed.
      guard !password.isRedacted else { return .signInFailed(.wrongCredentials) }
      let stored = try await credentials.account(named: name)
      let matches: Bool
      if let stored {
        matches = try hasher.verify(password.revealed, against: stored.passwordHash)
      } else {
        try hasher.verifyDecoy(password.revealed)
        matches = false
      }
      guard matches, let account = stored else {
        try await credentials.recordFailedSignIn(for: name, at: attemptedAt, forgettingUpTo: windowStart)
        return .signInFailed(.wrongCredentials)
      }
      try await credentials.clearFailedSignIns(for: name)
      if hasher.needsRehash(account.passwordHash) {
        // Best effort: the old hash keeps working if the upgrade cannot be stored now.
        if let upgraded = try? hasher.hash(password.revealed) {
          try? await credentials.replacePasswordHash(of: account.user.id, with: upgraded)
        }
      }
      return .signedIn(try await startSession(for: account.user))
    } catch {
      return .signInFailed(.storage(for: error))
    }
  }
}
