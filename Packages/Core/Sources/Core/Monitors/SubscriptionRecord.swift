/// A running instance of a subscription: its identity and its value.
public struct SubscriptionRecord: Sendable {
  /// The instance's identity in this store.
  public let id: SubscriptionID
  /// The subscription value.
  public let subscription: any Subscription

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - id: The instance's identity.
  ///   - subscription: The subscription value.
  public init(id: SubscriptionID, subscription: any Subscription) {
    self.id = id
    self.subscription = subscription
  }
}
