public import Core
public import Testing

extension Store {
  /// Suspends until the model satisfies `condition`, checked now and after every processed message.
  ///
  /// For a store driven from outside the test (subscriptions on a real clock, signals, other
  /// tasks). The timeout is a guard against a hang, not a way to wait: the wait ends with the
  /// message that satisfies the condition (see ``waitWithTimeout(_:isolation:_:)``).
  ///
  /// - Parameters:
  ///   - timeout: How long to wait at most; past it, the test fails.
  ///   - sourceLocation: Where to report a timeout.
  ///   - condition: What the model must satisfy.
  /// - Returns: Whether the condition was met; a timeout also records an issue.
  @discardableResult
  public func waitForModel(
    timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @escaping @MainActor (Model) -> Bool
  ) async -> Bool {
    if condition(model) { return true }
    var listener: ListenerID?
    let met = await waitWithTimeout(timeout) { resume in
      listener = addListener { model in
        if condition(model) { resume(true) }
      }
    }
    if let listener { removeListener(listener) }
    if !met {
      Issue.record("The model did not reach the condition within \(timeout).", sourceLocation: sourceLocation)
    }
    return met
  }
}
