public import AuthenticationAPI
public import Core
public import Foundation

/// Performs ``AuthenticationAPI/AuthenticationCommand``s against a ``CredentialStore`` and the
/// session file, and runs the ``AuthenticationAPI/SessionExpiry`` subscription.
///
/// ```swift
/// let authentication = AuthenticationInterpreter(
///   credentials: try CredentialStore(migrating: database),
///   sessionFile: dataFolder.appending(path: "session"))
/// store.register(authentication)
/// store.register(subscriptions: SessionExpiry.self, run: authentication.runSessionExpiry)
/// ```
///
/// Every expected failure becomes a message: invalid names and short passwords, taken names,
/// wrong credentials, lockouts, and errors of the database or the session file
/// (``AuthenticationAPI/AuthenticationFailure/storage(_:)``, with a clear reason). ``interpret(_:dispatch:)``
/// throws only when removing the session file fails during sign-out, after sending
/// ``AuthenticationAPI/AuthenticationMessage/signedOut``, so that monitors report it.
///
/// Hashing a password takes a noticeable fraction of a second at the default work factor. Hashes run
/// one at a time on a thread of their own, outside Swift's cooperative pool, so that a burst of
/// sign-ins queues there instead of stalling the app's other tasks.
///
/// ## Lockout
/// Each sign-in is recorded as a failure before its password is checked, in the same database
/// transaction that checks the ``LockoutPolicy``, and the record is removed if the password is
/// right. So however many sign-ins run at once, at most the policy's number of failures within its
/// window get a password checked. Sign-ins for one user name through one ``CredentialStore`` run
/// one at a time, so none is refused because of another that may yet succeed, and the wait a
/// lockout announces is exact.
///
/// ## Sessions
/// Signing in creates a random 256-bit token. The database keeps its SHA-256 hash with the user and
/// the expiry; the token itself is written to `sessionFile` (mode 0600), where
/// ``AuthenticationAPI/AuthenticationCommand/restoreSession`` finds it at the next launch. Signing
/// out and expiry delete both. Messages carry only the public ``AuthenticationAPI/Session``.
public struct AuthenticationInterpreter: CommandInterpreter {
  /// The accounts, sessions and failed sign-ins.
  public let credentials: CredentialStore
  let sessionFile: SessionTokenFile
  let hasher: PasswordHasher
  let sessionLifetime: Duration
  let lockout: LockoutPolicy
  let now: @Sendable () -> Date
  let clock: any Clock<Duration>

  /// Creates the interpreter.
  ///
  /// - Parameters:
  ///   - credentials: The credential store, migrated.
  ///   - sessionFile: Where the current session's token is kept between launches, typically
  ///     `session` in the app's data folder. The folder must exist and be writable.
  ///   - hasher: Hashes passwords; the default uses OWASP's recommended work factor. Tests pass a
  ///     low iteration count.
  ///   - sessionLifetime: How long a session lasts after sign-in; 12 hours by default.
  ///   - lockout: When failed sign-ins lock a name out; five within fifteen minutes by default.
  ///   - now: The wall-clock time, for stored timestamps and expiries.
  ///   - clock: The clock the session-expiry subscription sleeps on. Tests pass a `TestClock` and
  ///     derive `now` from it, so that advancing it moves both.
  public init(
    credentials: CredentialStore,
    sessionFile: URL,
    hasher: PasswordHasher = PasswordHasher(),
    sessionLifetime: Duration = .seconds(12 * 60 * 60),
    lockout: LockoutPolicy = .standard,
    now: @escaping @Sendable () -> Date = { Date() },
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    precondition(sessionLifetime > .zero, "A session must last some time.")
    self.credentials = credentials
    self.sessionFile = SessionTokenFile(url: sessionFile)
    self.hasher = hasher
    self.sessionLifetime = sessionLifetime
    self.lockout = lockout
    self.now = now
    self.clock = clock
  }

  /// Performs `command` and sends its one answer.
  ///
  /// - Parameters:
  ///   - command: The command.
  ///   - dispatch: Receives the answer: ``AuthenticationAPI/AuthenticationMessage/registered(_:)``
  ///     or `registrationFailed`, `usernameAvailable` or `registrationFailed` (a name checked),
  ///     `signedIn` or `signInFailed`, `signedOut`, or `noSavedSession`.
  /// - Throws: The error that kept sign-out from removing the session file (after
  ///   answering `signedOut`); nothing otherwise.
  public func interpret(_ command: AuthenticationCommand, dispatch: Dispatch) async throws {
    switch command {
    case .register(let username, let password):
      dispatch(await register(username: username, password: password))
    case .checkUsername(let username):
      dispatch(await checkUsername(username))
    case .signIn(let username, let password):
      dispatch(await signIn(username: username, password: password))
    case .signOut(let id):
      let leftover = await endSession(id)
      dispatch(AuthenticationMessage.signedOut)
      if let leftover { throw leftover }
    case .restoreSession:
      dispatch(await restoreSession())
    }
  }

  /// The current time in the store's unit.
  var nowMilliseconds: Int64 { now().millisecondsSince1970 }
}
