/// Why a message entered the store: the answer to "who dispatched this?".
///
/// The cause is captured by construction. A ``Dispatch`` handed to an interpreter is bound to the
/// command it is interpreting, so every message the interpreter sends names that command and the
/// message whose update emitted it. Nothing is guessed from threads or call stacks. Following
/// causes backwards from any message leads to the external message that started the chain.
public enum Cause: Hashable, Sendable, Codable {
  /// Sent through the store itself rather than by a command or a subscription: the UI, a test, a
  /// script, or a listener or monitor that sends while the loop runs (``Store/send(_:)``).
  case external
  /// Sent by the interpreter of `command`, which the update of `message` emitted.
  case command(CommandID, emittedBy: MessageID)
  /// Sent by the running subscription `subscription`.
  case subscription(SubscriptionID)
  /// Sent by a developer tool, named `tool` (the inspector's page: `"inspector"`), through
  /// ``Store/queue(from:)``: a message a person typed into the tool, not one the app sent.
  case tool(ToolName)
}

extension Cause: CustomStringConvertible {
  /// A short rendering: `external`, `c3 (from m2)`, `s1`, `from inspector`.
  public var description: String {
    switch self {
    case .external: "external"
    case .command(let command, let message): "\(command) (from \(message))"
    case .subscription(let subscription): "\(subscription)"
    case .tool(let tool): "from \(tool)"
    }
  }
}
