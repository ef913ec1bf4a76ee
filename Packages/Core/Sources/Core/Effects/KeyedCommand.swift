/// A command run under a key: a command still running under the same key is cancelled first.
///
/// Search-as-you-type, a save after the last edit, a refresh that replaces the one before: each is
/// one returned value, which a test compares like any command.
///
/// ```swift
/// case .queryChanged(let query):
///   model.query = query
///   return [KeyedCommand("search", DelayedMessage(SearchMessage.run(query), after: .milliseconds(300)))]
/// case .run(let query):
///   return [KeyedCommand("search", SearchCommand.fetch(query))]
/// ```
///
/// Cancelling a command ends it at once: the store reports its end, drops every message it sends
/// from then on (``DropReason/commandCancelled``, not a problem), and cancels its task, so an
/// interpreter that awaits (a sleep, a request) stops at its next suspension. A command an
/// interpreter performed at once on the store's actor (``SynchronousCommandInterpreter``) has
/// already returned when the next one starts, so there is nothing to cancel.
///
/// Keys are the feature's own: a child's keys (a command a child of ``UpdaterPart/forEach(_:_:)``
/// returns) are its element's, so two rows using the key `"save"` never cancel each other.
/// ``CancelCommand`` cancels by key without starting anything.
public struct KeyedCommand: Command {
  /// The key the command runs under.
  public let key: any Hashable & Sendable
  /// The command to run.
  public let command: any Command

  /// Runs `command` under `key`, cancelling a command still running under the same key first.
  ///
  /// - Parameters:
  ///   - key: Any hashable value: a string, or an enum case of the feature's keys.
  ///   - command: The command to run.
  public init(_ key: some Hashable & Sendable, _ command: any Command) {
    self.key = key
    self.command = command
  }
}

extension KeyedCommand: Equatable {
  /// Whether both have equal keys and equal commands (commands that are not `Equatable` are never
  /// equal).
  public static func == (left: Self, right: Self) -> Bool {
    areEqualValues(left.key, right.key) && areEqualValues(left.command, right.command)
  }
}

extension KeyedCommand: CustomStringConvertible {
  /// `KeyedCommand(key, command)`, as a failure message shows it.
  public var description: String {
    "KeyedCommand(\(ValueRendering.line(of: key, limit: 4_096)), \(ValueRendering.line(of: command, limit: 4_096)))"
  }
}
