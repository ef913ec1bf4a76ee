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
