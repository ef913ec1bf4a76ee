/// Why the store discarded a message without processing it.
public enum DropReason: Sendable, Hashable {
  /// The message arrived after ``Store/shutDown()``.
  case storeShutDown
  /// The subscription that sent it had already been stopped.
  case subscriptionStopped
  /// The command that sent it (named by the message's ``Cause``) had already returned: a command's
  /// messages belong to it while it runs, and a source that outlives it is a subscription.
  case commandReturned
  /// The command that sent it had been cancelled (``KeyedCommand``, ``CancelCommand``): its late
  /// answer is what cancelling it is for, so the store does not report it as a problem.
  case commandCancelled
}

extension DropReason {
  /// Why the message was dropped, as a clause: "the store is shut down".
  package var explanation: String {
    switch self {
    case .storeShutDown: "the store is shut down"
    case .subscriptionStopped: "its subscription was stopped"
    case .commandReturned: "its command had returned"
    case .commandCancelled: "its command was cancelled"
    }
  }
}
