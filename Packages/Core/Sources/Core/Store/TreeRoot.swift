/// Where a command's tree is counted: the message the tree descends from (the first message,
/// following causes back, whose own cause is not a running command), and the nearest message above
/// the command that the store follows on its own (see ``ConsequenceTracker``). Each running or
/// waiting command carries it, so the store can find a tree's outstanding commands when someone
/// first awaits it.
struct TreeRoot {
  let id: MessageID
  /// Its number in the mailbox, or 0 if it did not go through the mailbox.
  let post: UInt64
  /// The count of the nearest message above the command that the store follows, if any.
  var count: TreeCount? = nil
}
