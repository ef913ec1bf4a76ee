public import Core

/// Alive while the app runs: sends ``AppMessage/signalReceived(_:)`` when the process receives
/// ``signal``. Its interpreter (``SignalInterpreter``) installs a handler on start and restores the
/// previous disposition on stop.
///
/// Signals decide when the app shuts down (SIGINT, SIGTERM) or reloads (SIGHUP): they are the
/// App's, not a feature's.
public struct SignalSubscription: Subscription {
  /// The signal to listen for.
  public let signal: OSSignal

  /// Creates the subscription.
  ///
  /// - Parameter signal: The signal to listen for.
  public init(signal: OSSignal) { self.signal = signal }
}
