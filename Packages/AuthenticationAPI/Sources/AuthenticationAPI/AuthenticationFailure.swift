/// Why registration or sign-in failed, in words a user can act on.
public enum AuthenticationFailure: Error, Hashable, Sendable, Codable {
  /// The user name breaks a rule of ``Username``; the text says which.
  case invalidUsername(String)
  /// The password is shorter than the policy allows.
  case passwordTooShort(minimum: Int)
  /// Another account already has this name.
  case usernameTaken(String)
  /// No account has this name, or the password is wrong (deliberately not saying which).
  case wrongCredentials
  /// Too many failed sign-ins for this name; try again after the given number of minutes.
  case lockedOut(retryAfterMinutes: Int)
  /// The session ended; sign in again.
  case sessionExpired
  /// The credential store failed: the database is locked, corrupt, or its folder unwritable.
  case storage(String)
}

extension AuthenticationFailure: CustomStringConvertible {
  /// The user-presentable reason.
  public var description: String {
    switch self {
    case .invalidUsername(let rule): "The user name \(rule)."
    case .passwordTooShort(let minimum): "The password must be at least \(minimum) characters long."
    case .usernameTaken(let name): "The user name \"\(name)\" is taken."
    case .wrongCredentials: "Wrong user name or password."
    case .lockedOut(let minutes):
      "Too many failed sign-ins. Try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
    case .sessionExpired: "Your session expired. Sign in again."
    case .storage(let reason): "The account database failed: \(reason)"
    }
  }
}
