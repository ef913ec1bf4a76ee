/// A pure function from the model, and the message that just changed it, to the subscriptions
/// that should be alive.
///
/// The store calls the provider after every processed message (and once at start, with no
/// message) and reconciles: see ``Store`` for the order. Unlike Elm, which passes only the model,
/// the provider also receives the message, as the seed proposal specifies; most providers ignore
/// it, and a provider that depends on the message alone makes subscriptions flicker, so derive
/// from the model whenever you can.
///
/// Compose providers like updaters: ``CombinedSubscriptionProvider`` with `.full` and `.slice`
/// parts, and ``FunctionSubscriptionProvider`` from a closure.
public protocol SubscriptionProvider<Model>: Sendable {
  /// The type of model the provider reads.
  associatedtype Model

  /// Returns the subscriptions that should be alive for `model`.
  ///
  /// Order does not matter for identity, but the store starts new subscriptions in the order they
  /// are returned. Duplicates collapse to one.
  ///
  /// - Parameters:
  ///   - model: The model after the update.
  ///   - message: The message that was just processed, or `nil` when the store starts.
  /// - Returns: The subscriptions that should be alive.
  func subscriptions(for model: Model, message: (any Message)?) -> [any Subscription]
}
