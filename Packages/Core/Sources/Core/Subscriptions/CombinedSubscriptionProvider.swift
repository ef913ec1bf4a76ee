/// Concatenates the subscriptions of several providers, each reading the whole model or a
/// key-path slice of it.
///
/// ```swift
/// let provider = CombinedSubscriptionProvider<AppModel>([
///   .full(SignalSubscriptions()),
///   .slice(\.notifications, ReminderSubscriptions()),
/// ])
/// ```
public struct CombinedSubscriptionProvider<Model>: SubscriptionProvider {
  private let parts: [SubscriptionProviderPart<Model>]

  /// Combines the given parts.
  ///
  /// - Parameter parts: The providers and the part of the model each one reads.
  public init(_ parts: [SubscriptionProviderPart<Model>]) {
    self.parts = parts
  }

  /// Combines the given parts.
  ///
  /// - Parameter parts: The providers and the part of the model each one reads.
  public init(_ parts: SubscriptionProviderPart<Model>...) {
    self.init(parts)
  }

  /// The parts' subscriptions, in part order.
  ///
  /// - Parameters:
  ///   - model: The model after the update.
  ///   - message: The message that was just processed, or `nil` at start.
  /// - Returns: Every part's subscriptions, concatenated.
  public func subscriptions(for model: Model, message: (any Message)?) -> [any Subscription] {
    if parts.count == 1 { return parts[0].subscriptions(model, message) }
    var all: [any Subscription] = []
    for part in parts {
      all.append(contentsOf: part.subscriptions(model, message))
    }
    return all
  }
}
