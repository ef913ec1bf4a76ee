import AuthenticationAPI
import Core

extension AuthenticationInterpreter {
  /// Checks the lockout, then the password, and starts a session.
  ///
  /// A name without an account costs the same hashing time as a wrong password and gets the same
  /// answer, so neither the answer nor its delay tells whether the name exists. A correct password
  /// stored with a weaker work factor than the hasher's is rehashed.
  ///
  /// The attempt is recorded as a failure before its password is checked, in the transaction that
  /// checks the lockout, so concurrent attempts cannot all see fewer failures than the limit
  /// (``CredentialStore/reserveSignInAttempt(for:at:under:)``). Attempts for one name through one
  /// store also wait for each other, so an attempt is never refused because of another that is still
  /// being checked and may yet succeed: a lockout is always counted from real failures, and its
  /// "try again in N minutes" is exact.
  func signIn(username raw: String, password: Password) async -> AuthenticationMessage {
    let name: String
    switch Username.validate(raw) {
    case .success(let valid): name = valid
    case .failure(let failure): return .signInFailed(failure)
    }
    // Valid names are ASCII, and the database compares them ignoring ASCII case.
    return await credentials.signInLock.withLock(name.lowercased()) {
      await attemptSignIn(name: name, password: password)
    }
  }

  /// Signs `name` in, while no other attempt for it through this store is in progress.
  private func attemptSignIn(name: String, password: Password) async -> AuthenticationMessage {
    let attempt: Int64
    do {
      switch try await credentials.reserveSignInAttempt(for: name, at: nowMilliseconds, under: lockout) {
      case .lockedOut(let minutes): return .signInFailed(.lockedOut(retryAfterMinutes: minutes))
      case .reserved(let id): attempt = id
      }
    } catch {
      return .signInFailed(.storage(for: error))
    }
    do {
      // A redacted password (a replayed trace) cannot be checked and must not be revealed.
      guard !password.isRedacted else {
        try await credentials.withdrawSignInAttempt(attempt)
        return .signInFailed(.wrongCredentials)
      }
      let stored = try await credentials.account(named: name)
      let matches = try await KeyDerivationQueue.run {
        if let stored { return try hasher.verify(password.revealed, against: stored.passwordHash) }
        try hasher.verifyDecoy(password.revealed)
        return false
      }
      // A wrong password keeps its reservation: it is the recorded failure.
      guard matches, let account = stored else { return .signInFailed(.wrongCredentials) }
      try await credentials.clearFailedSignIns(for: name)
      if hasher.needsRehash(account.passwordHash) {
        // Best effort: the old hash keeps working if the upgrade cannot be stored now.
        if let upgraded = try? await KeyDerivationQueue.run({ try hasher.hash(password.revealed) }) {
          try? await credentials.replacePasswordHash(of: account.user.id, with: upgraded)
        }
      }
      return .signedIn(try await startSession(for: account.user))
    } catch {
      // Every error comes before the password is known to be wrong (a right one clears the failures
      // anyway), so the attempt checked nothing that should count. Best effort: the database that
      // just failed may fail again, and then the attempt counts as a failure.
      try? await credentials.withdrawSignInAttempt(attempt)
      return .signInFailed(.storage(for: error))
    }
  }
}
