/// What ``StoreLoop/send(_:cause:)`` tells its host about the handle to return.
enum SendOutcome {
  case complete
  /// Processed while the store had commands running or waiting (this message's, or others'): the
  /// handle waits for this message's tree, which may be empty.
  case tracked(MessageID)
  /// Queued in the mailbox with this number.
  case posted(UInt64)
}

extension SendOutcome {
  /// The handle a host's `send` returns for this outcome.
  ///
  /// - Parameters:
  ///   - mailbox: The host's mailbox, which a posted message's handle waits through.
  ///   - tracked: Makes the handle of a message whose commands are outstanding. A closure, so that
  ///     only this case looks up the host's conformance to ``ConsequenceWaiting``: for a generic
  ///     host, the runtime looks it up at each use.
  func handle(mailbox: Mailbox, tracked: (MessageID) -> SentMessage) -> SentMessage {
    switch self {
    case .complete: .complete
    case .tracked(let id): tracked(id)
    case .posted(let number): .posted(number, mailbox)
    }
  }
}
