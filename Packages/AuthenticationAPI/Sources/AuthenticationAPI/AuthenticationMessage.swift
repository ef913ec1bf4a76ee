public import Core

/// What happened in authentication: the results of ``AuthenticationCommand``s.
///
/// No case carries a password or a session token.
public enum AuthenticationMessage: Message, Hashable, Codable {
  /// An account was registered (it is not signed in by registering).
  case registered(User)
  /// ``AuthenticationCommand/checkUsername(_:)`` found the name valid and free (as trimmed, the
  /// name this case carries).
  case usernameAvailable(String)
  /// Registration was refused or failed.
  case registrationFailed(AuthenticationFailure)
  /// A user signed in, or a saved session was restored at launch.
  case signedIn(Session)
  /// Sign-in was refused or failed.
  case signInFailed(AuthenticationFailure)
  /// The session was ended by the user.
  case signedOut
  /// The session reached its expiry time.
  case sessionExpired(Session)
  /// ``AuthenticationCommand/restoreSession`` found no valid saved session.
  case noSavedSession
}
