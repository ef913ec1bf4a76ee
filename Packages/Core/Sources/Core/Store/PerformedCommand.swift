/// A command performed inside the loop whose end the loop has not handled.
struct PerformedCommand {
  let id: CommandID
  /// The message its tree descends from.
  let root: TreeRoot
  /// The number of the last message posted to the mailbox when it returned: it ends once the loop
  /// has taken that message, after every message it sent. ``queuedEnd``: its end is an envelope.
  let endsAfter: UInt64
  /// The number of the last inline message (``InlineMessages``) when it returned: it ends once the
  /// loop has taken that one too.
  let endsAfterInline: UInt64

  /// ``endsAfter`` of a command whose end is queued in the mailbox (monitored, or failed).
  static var queuedEnd: UInt64 { .max }
}
