public import AuthenticationAPI
public import Core

/// Says which authentication subscriptions should run: a ``AuthenticationAPI/SessionExpiry`` for
/// the current session while one is signed in, nothing otherwise.
///
/// Put it in the app's provider as a slice: `.slice(\.authentication, AuthenticationSubscriptions())`,
/// and run the subscription with ``AuthenticationInterpreter/runSessionExpiry(_:dispatch:)``.
public struct AuthenticationSubscriptions: SubscriptionProvider {
  /// Creates the provider.
  public init() {}

  /// The expiry of the signed-in session, if any.
  ///
  /// - Parameters:
  ///   - model: The authentication slice.
  ///   - message: Ignored: the answer depends on the model alone.
  /// - Returns: `[SessionExpiry(session:)]` while signed in, else `[]`.
  public func subscriptions(for model: AuthenticationModel, message: (any Message)?) -> [any Subscription] {
    guard let session = model.session else { return [] }
    return [SessionExpiry(session: session)]
  }
}
