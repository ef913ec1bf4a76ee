/// A subscription provider made from a closure.
///
/// ```swift
/// let ticking = FunctionSubscriptionProvider<Counter> { model, _ in
///   model.isRunning ? [Tick(every: .seconds(1))] : []
/// }
/// ```
public struct FunctionSubscriptionProvider<Model>: SubscriptionProvider {
  private let body: @Sendable (Model, (any Message)?) -> [any Subscription]

  /// Creates a provider that returns what `body` returns.
  ///
  /// - Parameter body: A pure function of the model and the message that changed it.
  public init(_ body: @escaping @Sendable (Model, (any Message)?) -> [any Subscription]) {
    self.body = body
  }

  /// Returns what the closure returns.
  ///
  /// - Parameters:
  ///   - model: The model after the update.
  ///   - message: The message that was just processed, or `nil` at start.
  /// - Returns: The subscriptions that should be alive.
  public func subscriptions(for model: Model, message: (any Message)?) -> [any Subscription] {
    body(model, message)
  }
}
