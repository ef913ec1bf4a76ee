import Core
import Testing

extension Store {
  /// Suspends until the model satisfies `condition`, checked now and after every processed message.
  ///
  /// The timeout is a guard against a hang, not a way to wait: the wait ends with the message that
  /// satisfies the condition.
  ///
  /// - Returns: Whether the condition was met; a timeout also records an issue.
  @discardableResult
  func waitForModel(
    timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @escaping @MainActor (Model) -> Bool
  ) async -> Bool {
    if condition(model) { return true }
    let waiter = ModelWaiter()
    let met = await withCheckedContinuation { continuation in
      waiter.continuation = continuation
      waiter.listener = addListener { [weak self] model in
        guard condition(model) else { return }
        if let listener = waiter.listener { self?.removeListener(listener) }
        waiter.resume(true)
      }
      Task { @MainActor [weak self] in
        try? await Task.sleep(for: timeout)
        if let listener = waiter.listener { self?.removeListener(listener) }
        waiter.resume(false)
      }
    }
    if !met {
      Issue.record("The model did not reach the condition within \(timeout).", sourceLocation: sourceLocation)
    }
    return met
  }
}

@MainActor
private final class ModelWaiter {
  var continuation: CheckedContinuation<Bool, Never>?
  var listener: ListenerID?

  func resume(_ met: Bool) {
    continuation?.resume(returning: met)
    continuation = nil
    listener = nil
  }
}
