public import Core

/// The App's own subscriptions: the three ``SignalSubscription``s (SIGINT, SIGTERM, SIGHUP) while
/// ``UIModel/listensForSignals`` is `true`.
public struct SystemSubscriptions: SubscriptionProvider {
  /// Creates the provider.
  public init() {}

  /// The signal subscriptions `model` asks for.
  ///
  /// - Parameters:
  ///   - model: The app model after the update.
  ///   - message: Ignored: the model says everything.
  /// - Returns: One subscription per signal while the app listens, none otherwise.
  public func subscriptions(for model: AppModel, message: (any Message)?) -> [any Subscription] {
    guard model.ui.listensForSignals else { return [] }
    return OSSignal.allCases.map { SignalSubscription(signal: $0) }
  }
}
