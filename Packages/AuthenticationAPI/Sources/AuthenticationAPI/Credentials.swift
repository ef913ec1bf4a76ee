public import Core

/// A password as it travels from the prompt to the credential store: never printed, never encoded.
public typealias Password = Secret<String>

/// The rules for user names.
public enum Username {
  /// The shortest allowed name.
  public static let minimumLength = 3
  /// The longest allowed name.
  public static let maximumLength = 32

  /// Checks a user name: 3 to 32 characters, ASCII letters, digits, `.`, `_` or `-`, starting with
  /// a letter. Surrounding whitespace is removed first.
  ///
  /// - Parameter raw: The name as typed.
  /// - Returns: The trimmed name, or the failure to show the user.
  public static func validate(_ raw: String) -> Result<String, AuthenticationFailure> {
    let name = raw.trimmingWhitespace()
    guard name.count >= minimumLength, name.count <= maximumLength else {
      return .failure(
        .invalidUsername("must be \(minimumLength) to \(maximumLength) characters long"))
    }
    guard let first = name.unicodeScalars.first, first.isASCIILetter else {
      return .failure(.invalidUsername("must start with a letter"))
    }
    let allowed = name.unicodeScalars.allSatisfy {
      $0.isASCIILetter || $0.isASCIIDigit || "._-".unicodeScalars.contains($0)
    }
    guard allowed else {
      return .failure(.invalidUsername("may contain only letters, digits, '.', '_' and '-'"))
    }
    return .success(name)
  }
}

/// The rules for passwords.
public enum PasswordPolicy {
  /// The shortest allowed password, in characters.
  public static let minimumLength = 8

  /// Checks a new password's length.
  ///
  /// - Parameter password: The password.
  /// - Returns: The failure to show the user, or `nil` if the password is acceptable.
  public static func check(_ password: Password) -> AuthenticationFailure? {
    guard !password.isRedacted else { return .passwordTooShort(minimum: minimumLength) }
    return password.revealed.count >= minimumLength ? nil : .passwordTooShort(minimum: minimumLength)
  }
}

extension Unicode.Scalar {
  fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
  func trimmingWhitespace() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
