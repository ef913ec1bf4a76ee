/// A seam for a driver that steps the loop through what other tasks send: CoreTesting's
/// `TestStore` holds each message an interpreter or a subscription sends until the test receives
/// it. The loop's one contact with test support: it hands such messages to the driver instead of
/// processing them, tells it when a drain has handled anything, lets it report a call that would
/// stop the program, and starts command tasks on its executor.
package protocol LoopDriver: AnyObject {
  /// Where the tasks of commands start when their interpreter names no executor, for
  /// interpreters registered after the driver: the test store's executor counts what runs there,
  /// so its clock can wait for every command to reach its first wait.
  var taskExecutor: any TaskExecutor { get }

  /// Takes `message`, sent from another task or by a command, to release it later with
  /// `StoreLoop.process(_:)`.
  func hold(_ message: PendingMessage)

  /// Whether it holds the message numbered `number`.
  func holds(_ number: UInt64) -> Bool

  /// Gives up every message it holds: the store has shut down, and drops them.
  func releaseAll() -> [PendingMessage]

  /// A drain has handled something.
  func didDrain()

  /// Reports a call that stops the program outside a test (`settle()` inside an interpreter).
  func misuse(_ problem: String)
}

/// A message waiting to be processed, with its cause.
package struct PendingMessage: Sendable {
  package let message: any Message
  package let cause: Cause
  /// Its number in the mailbox.
  package let number: UInt64
}
