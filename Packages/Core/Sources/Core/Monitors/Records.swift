/// A message as the store processed it: its identity, its cause and its value.
public struct MessageRecord: Sendable {
  /// The message's identity in this store.
  public let id: MessageID
  /// Who sent it.
  public let cause: Cause
  /// The message.
  public let message: any Message

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - id: The message's identity.
  ///   - cause: Who sent it.
  ///   - message: The message.
  public init(id: MessageID, cause: Cause, message: any Message) {
    self.id = id
    self.cause = cause
    self.message = message
  }
}

/// A command an updater emitted: its identity, the message whose update emitted it, and its value.
public struct CommandRecord: Sendable {
  /// The command's identity in this store.
  public let id: CommandID
  /// The message whose update emitted the command.
  public let emittedBy: MessageID
  /// The command.
  public let command: any Command

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - id: The command's identity.
  ///   - emittedBy: The message whose update emitted it.
  ///   - command: The command.
  public init(id: CommandID, emittedBy: MessageID, command: any Command) {
    self.id = id
    self.emittedBy = emittedBy
    self.command = command
  }
}

/// A running instance of a subscription: its identity and its value.
public struct SubscriptionRecord: Sendable {
  /// The instance's identity in this store.
  public let id: SubscriptionID
  /// The subscription value.
  public let subscription: any Subscription

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - id: The instance's identity.
  ///   - subscription: The subscription value.
  public init(id: SubscriptionID, subscription: any Subscription) {
    self.id = id
    self.subscription = subscription
  }
}

/// Why the store discarded a message without processing it.
public enum DropReason: Sendable, Hashable {
  /// The message arrived after ``Store/shutDown()``.
  case storeShutDown
  /// The subscription that sent it had already been stopped.
  case subscriptionStopped
  /// The command that sent it (named by the message's ``Cause``) had already returned: a command's
  /// messages belong to it while it runs, and a source that outlives it is a subscription.
  case commandReturned
}

extension DropReason {
  /// Why the message was dropped, as a clause: "the store is shut down".
  package var explanation: String {
    switch self {
    case .storeShutDown: "the store is shut down"
    case .subscriptionStopped: "its subscription was stopped"
    case .commandReturned: "its command had returned"
    }
  }
}
