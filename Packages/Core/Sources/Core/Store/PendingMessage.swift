/// A message waiting to be processed, with its cause.
package struct PendingMessage: Sendable {
  package let message: any Message
  package let cause: Cause
  /// Its number in the mailbox.
  let post: UInt64
}
