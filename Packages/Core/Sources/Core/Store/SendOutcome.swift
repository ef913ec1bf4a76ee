/// What ``StoreLoop/send(_:cause:)`` tells its host about the handle to return.
enum SendOutcome {
  case complete
  /// Processed, with commands outstanding.
  case tracked(MessageID)
  /// Queued in the mailbox with this number.
  case posted(UInt64)
}
