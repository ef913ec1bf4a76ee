public import AuthenticationAPI
public import Core

/// Applies ``AuthenticationAPI/AuthenticationMessage``s to the ``AuthenticationAPI/AuthenticationModel``
/// slice.
///
/// Put it in the app's updater as a slice: `.slice(\.authentication, AuthenticationUpdater())`.
///
/// | message | status afterwards | other changes |
/// | --- | --- | --- |
/// | `registered(user)` | `signedOut` (registering does not sign in) | `lastRegistered = user` |
/// | `usernameAvailable(name)` | `signedOut` (the check registers nothing) | |
/// | `registrationFailed(reason)` | `failed(reason)` | |
/// | `signedIn(session)` | `signedIn(session)` | |
/// | `signInFailed(reason)` | `failed(reason)`; unchanged while signed in (a sign-in again as the user signed in) | |
/// | `signedOut` | `signedOut` | |
/// | `sessionExpired(session)` | `failed(.sessionExpired)`, if `session` is the current one | |
/// | `noSavedSession` | `signedOut` | |
///
/// An expiry is shown as a failure, not as a plain sign-out, so the app can tell the user why they
/// were signed out. A `sessionExpired` for a session that is no longer current (the user signed out
/// or in again meanwhile) changes nothing.
///
/// The updater emits no command: the interpreter answers each command with exactly one message,
/// and the session-expiry subscription ends the expired session itself (see
/// ``AuthenticationInterpreter/runSessionExpiry(_:dispatch:)``). Commands are emitted by the app's
/// updater, which calls ``AuthenticationAPI/AuthenticationModel/begin(_:)``.
public struct AuthenticationUpdater: TypedUpdater {
  /// Creates the updater.
  public init() {}

  /// Applies `message` to the slice.
  ///
  /// - Parameters:
  ///   - model: The authentication slice.
  ///   - message: What happened.
  /// - Returns: No commands.
  public func update(_ model: inout AuthenticationModel, message: AuthenticationMessage) -> [any Command] {
    switch message {
    case .registered(let user):
      model.lastRegistered = user
      model.status = .signedOut
    case .registrationFailed(let failure):
      model.status = .failed(failure)
    case .signInFailed(let failure):
      // Signed in, this was the password of the user signed in, checked again: a wrong one does
      // not end the session it did not start.
      if model.session == nil { model.status = .failed(failure) }
    case .signedIn(let session):
      model.status = .signedIn(session)
    case .signedOut, .noSavedSession, .usernameAvailable:
      model.status = .signedOut
    case .sessionExpired(let session):
      if model.session == session { model.status = .failed(.sessionExpired) }
    }
    return []
  }
}
