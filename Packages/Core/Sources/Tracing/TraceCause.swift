/// The cause of a traced message.
public struct TraceCause: Codable, Sendable, Equatable {
  /// `external`, `command`, `subscription` or `tool`.
  public var kind: String
  /// For `command`: the command's identifier.
  public var command: UInt64?
  /// For `command`: the message whose update emitted the command.
  public var message: UInt64?
  /// For `subscription`: the subscription's identifier.
  public var subscription: UInt64?
  /// For `tool`: the developer tool that sent the message (`inspector`).
  public var tool: String?

  /// Creates a cause record.
  ///
  /// - Parameters:
  ///   - kind: `external`, `command` or `subscription` (a `tool` cause: ``init(tool:)``).
  ///   - command: The command, for `command`.
  ///   - message: The emitting message, for `command`.
  ///   - subscription: The subscription, for `subscription`.
  public init(kind: String, command: UInt64? = nil, message: UInt64? = nil, subscription: UInt64? = nil) {
    self.kind = kind
    self.command = command
    self.message = message
    self.subscription = subscription
  }

  /// Creates the cause of a message a developer tool sent (`Cause.tool`).
  ///
  /// - Parameter tool: The tool's name.
  public init(tool: String) {
    self.init(kind: "tool")
    self.tool = tool
  }
}
