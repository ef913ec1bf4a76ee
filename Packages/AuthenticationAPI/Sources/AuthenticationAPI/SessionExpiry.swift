public import Core
public import Foundation

/// The subscription that is alive while a session is: it sends
/// ``AuthenticationMessage/sessionExpired(_:)`` at the session's expiry time.
public struct SessionExpiry: Subscription {
  /// The session to watch.
  public let session: Session

  /// Creates the subscription.
  ///
  /// - Parameter session: The session to watch.
  public init(session: Session) { self.session = session }

  /// When the session expires.
  public var deadline: Date { session.expiresAt }
}
