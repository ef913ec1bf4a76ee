/// The outstanding part of the tree of one message sent by a running command, counted so that a
/// wait started while that command runs (its interpreter awaiting what it dispatched) finds it.
///
/// It counts the commands that report to it directly and the counts below it; it finishes when
/// that reaches zero, and then tells the count above it.
final class TreeCount {
  let id: MessageID
  /// Its number in the mailbox.
  let number: UInt64
  /// The nearest count above it that a wait could still find when it was made.
  let parent: TreeCount?
  /// The commands holding it and the counts below it still outstanding.
  var outstanding: Int
  var ticket: MessageTicket?
  /// Whether a wait can still find it: while it is awaited, or while the command that sent its
  /// message runs and it has not finished.
  var isFindable = true

  init(id: MessageID, number: UInt64, parent: TreeCount?, outstanding: Int, ticket: MessageTicket?) {
    self.id = id
    self.number = number
    self.parent = parent
    self.outstanding = outstanding
    self.ticket = ticket
  }
}
