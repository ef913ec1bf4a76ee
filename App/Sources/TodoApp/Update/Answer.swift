public import AuthenticationAPI

/// What the user typed after a ``Question``.
public enum Answer: Equatable, Sendable, Codable {
  /// The line typed after a question (`y`, `no`, or nothing).
  case text(String)
  /// The password typed at `Password: ` (for a new account, typed twice the same).
  case password(Password)
  /// The two entries of a new account's password differ.
  case passwordsDiffer
}
