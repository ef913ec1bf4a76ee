public import Foundation

/// The public handle of a signed-in session. Not a secret: knowing it does not authenticate.
///
/// The session's token, which does authenticate, never leaves the credential store and the file
/// the interpreter keeps it in; the model, messages and traces carry only this handle.
public struct SessionID: RawRepresentable, Hashable, Sendable, Codable {
  /// The stored identifier.
  public let rawValue: Int64

  /// Creates a handle.
  ///
  /// - Parameter rawValue: The stored identifier.
  public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A signed-in session: who, and until when.
public struct Session: Hashable, Sendable, Codable {
  /// The session's public handle.
  public let id: SessionID
  /// The signed-in user.
  public let user: User
  /// When the session stops being valid; the session-expiry subscription fires then.
  public let expiresAt: Date

  /// Creates a session.
  ///
  /// - Parameters:
  ///   - id: The public handle.
  ///   - user: The signed-in user.
  ///   - expiresAt: When the session expires.
  public init(id: SessionID, user: User, expiresAt: Date) {
    self.id = id
    self.user = user
    self.expiresAt = expiresAt
  }
}
