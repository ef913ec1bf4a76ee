/// A monitor made from a closure.
@MainActor
public final class FunctionMonitor<Model: Sendable>: StoreMonitor {
  private let body: @MainActor (StoreEvent<Model>) -> Void

  /// Creates a monitor that calls `body` with each event.
  ///
  /// - Parameter body: Called on the store's actor with each event.
  public init(_ body: @escaping @MainActor (StoreEvent<Model>) -> Void) {
    self.body = body
  }

  /// Calls the closure.
  ///
  /// - Parameter event: What happened.
  public func receive(_ event: StoreEvent<Model>) {
    body(event)
  }
}
