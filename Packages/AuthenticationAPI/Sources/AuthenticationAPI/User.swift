/// The identity of a registered account: its row in the credential store.
public struct UserID: RawRepresentable, Hashable, Comparable, Sendable, Codable {
  /// The stored identifier.
  public let rawValue: Int64

  /// Creates an identifier.
  ///
  /// - Parameter rawValue: The stored identifier.
  public init(rawValue: Int64) { self.rawValue = rawValue }

  /// Orders identifiers numerically.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A registered account, as the rest of the app sees it: no credentials.
public struct User: Hashable, Sendable, Codable {
  /// The account's identity.
  public let id: UserID
  /// The name the user signs in with (validated by ``Username``).
  public let name: String

  /// Creates a user.
  ///
  /// - Parameters:
  ///   - id: The account's identity.
  ///   - name: The user name.
  public init(id: UserID, name: String) {
    self.id = id
    self.name = name
  }
}
