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
