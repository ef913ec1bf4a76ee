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

/// One part of a ``CombinedSubscriptionProvider``: a provider and the part of the model it reads.
public struct SubscriptionProviderPart<Model>: Sendable {
  let subscriptions: @Sendable (Model, (any Message)?) -> [any Subscription]

  /// A provider that reads the whole model.
  ///
  /// - Parameter provider: A provider of the combined model type.
  /// - Returns: The part.
  public static func full(_ provider: some SubscriptionProvider<Model>) -> Self {
    Self(subscriptions: provider.subscriptions(for:message:))
  }

  /// A provider that reads one slice of the model.
  ///
  /// - Parameters:
  ///   - path: The key path from the combined model to the slice.
  ///   - provider: A provider whose model type is the slice's type.
  /// - Returns: The part.
  public static func slice<Slice>(
    _ path: any KeyPath<Model, Slice> & Sendable, _ provider: some SubscriptionProvider<Slice>
  ) -> Self {
    Self { model, message in provider.subscriptions(for: model[keyPath: path], message: message) }
  }
}
