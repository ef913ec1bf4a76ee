public import Core

/// What authentication can do. Performed by AuthenticationImpl's interpreter.
public enum AuthenticationCommand: Command, Equatable {
  /// Create an account. Answers ``AuthenticationMessage/registered(_:)`` or
  /// ``AuthenticationMessage/registrationFailed(_:)``.
  case register(username: String, password: Password)
  /// Find whether a name is free to register, before a password is asked for it. Answers
  /// ``AuthenticationMessage/usernameAvailable(_:)`` or
  /// ``AuthenticationMessage/registrationFailed(_:)`` (an invalid or taken name). ``register(username:password:)``
  /// checks again: another registration may take the name meanwhile.
  case checkUsername(String)
  /// Check the credentials and start a session. Answers ``AuthenticationMessage/signedIn(_:)`` or
  /// ``AuthenticationMessage/signInFailed(_:)``.
  case signIn(username: String, password: Password)
  /// End the session and forget its saved token. Answers ``AuthenticationMessage/signedOut``.
  case signOut(SessionID)
  /// Restore the session saved by the last sign-in, if it is still valid. Answers
  /// ``AuthenticationMessage/signedIn(_:)`` or ``AuthenticationMessage/noSavedSession``.
  case restoreSession
}
