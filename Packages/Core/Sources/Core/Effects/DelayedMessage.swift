/// A command that sends a message after a delay, on the store's clock
/// (``StoreSettings/clock``): a timer as a returned value.
///
/// ```swift
/// case .toggled(let id):
///   model.rows[id: id]?.isDone.toggle()
///   // Re-sort one second after the last toggle: each toggle restarts the wait.
///   return [KeyedCommand("sort", DelayedMessage(ListMessage.sort, after: .seconds(1)))]
/// ```
///
/// Alone it is a wait nothing cancels; under a ``KeyedCommand`` it is a debounce, cancelled by the
/// next command with the same key or by a ``CancelCommand``. The message it sends has the command
/// as its cause, like any interpreter's message, and goes to the feature that returned it (a
/// child's comes back to its element).
///
/// The store performs it itself; nothing is registered. Its wait starts before the message that
/// returned it has been processed, so a test advances a `TestClock` right after `send` without
/// waiting for a sleeper:
///
/// ```swift
/// let clock = TestClock()
/// store.clock = clock  // a TestStore; a Store's is `store.settings.clock`
/// store.send(ListMessage.toggled(1)) { $0.rows[id: 1]?.isDone = true }
/// await clock.advance(by: .seconds(1))
/// await store.receive(ListMessage.sort) { … }
/// ```
public struct DelayedMessage: Command {
  /// The message to send.
  public let message: any Message
  /// How long to wait before sending it.
  public let delay: Duration

  /// Sends `message` after `delay` on the store's clock.
  ///
  /// - Parameters:
  ///   - message: The message to send.
  ///   - delay: How long to wait; zero or less sends it at the clock's next turn.
  public init(_ message: some Message, after delay: Duration) {
    self.message = message
    self.delay = delay
  }
}

extension DelayedMessage: Equatable {
  /// Whether both send equal messages after equal delays.
  public static func == (left: Self, right: Self) -> Bool {
    left.delay == right.delay && areEqualValues(left.message, right.message)
  }
}

extension DelayedMessage: CustomStringConvertible {
  /// `DelayedMessage(message, after: delay)`, as a failure message shows it.
  public var description: String {
    "DelayedMessage(\(ValueRendering.line(of: message, limit: 4_096)), after: \(delay))"
  }
}
