/// A provider that asks for nothing: the default of a store without subscriptions.
public struct NoSubscriptions<Model>: SubscriptionProvider {
  /// Creates the provider.
  public init() {}

  /// Returns no subscriptions.
  ///
  /// - Parameters:
  ///   - model: Ignored.
  ///   - message: Ignored.
  /// - Returns: `[]`.
  public func subscriptions(for model: Model, message: (any Message)?) -> [any Subscription] { [] }
}
