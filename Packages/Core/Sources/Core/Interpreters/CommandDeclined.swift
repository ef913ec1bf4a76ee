/// A command the default `interpret` of a ``SynchronousCommandInterpreter`` could not perform:
/// `interpretNow` declined it in its task too.
public struct CommandDeclined: Error, CustomStringConvertible {
  /// The command, rendered.
  public let command: String

  /// Describes the declined command.
  ///
  /// - Parameter command: The command.
  public init(command: some Sendable) {
    self.command = ValueRendering.line(of: command, limit: .max)
  }

  /// A sentence naming the command and the fix.
  public var description: String {
    "interpretNow declined \(command) in its task too; implement interpret(_:dispatch:) to perform it there"
  }
}
