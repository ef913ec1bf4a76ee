public import Core

// B1 with subscriptions: every message asks the provider again, and the store compares its answer
// with the last one, value by value, before it finds nothing to start or stop.

/// A subscription that keeps nothing running: only its identity matters here.
public struct Channel: Subscription {
  /// Which channel.
  public let number: Int

  /// Creates the subscription.
  ///
  /// - Parameter number: Which channel.
  public init(number: Int) { self.number = number }
}

/// Does nothing between `start()` and `stop()`.
public final class IdleChannel: SubscriptionInterpreter {
  /// Creates the interpreter.
  public init() {}

  /// Nothing to start.
  public func start() {}

  /// Nothing to stop.
  public func stop() {}
}

/// Asks for channels 0 to 9 whatever the model: the same ten values after every message.
public let tenChannels = FunctionSubscriptionProvider<Counter> { _, _ in
  (0..<10).map { Channel(number: $0) }
}
