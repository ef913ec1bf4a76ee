/// A monitor that prints what the store does, one line per event, with each message's causal chain.
///
/// ```text
/// m1 CounterMessage.save  ⟵ external
///    → c1 CounterCommand.persist(3)
/// c1 started  CounterCommand.persist(3)
/// c1 finished in 1.2ms
/// m2 CounterMessage.saved  ⟵ c1 CounterCommand.persist ⟵ m1 CounterMessage.save ⟵ external
/// ```
///
/// The chain answers "who dispatched this?": it follows each cause back to the external message
/// (or subscription) that started it. The monitor remembers the last ``historyLimit`` messages and
/// commands to build chains, so its memory is bounded. Values are rendered on one line as traces
/// and test failures render them: every ``Redacted`` value (``Secret``) prints redacted wherever it
/// sits, and a struct or class that describes itself prints its `description`; an enum prints its
/// case and payload whatever its `description`, so hide a secret in a ``Secret``, not a description.
@MainActor
public final class ConsoleMonitor<Model: Sendable>: StoreMonitor {
  private struct Origin {
    let name: String
    let cause: Cause
  }

  /// How many messages and commands the monitor remembers to build causal chains.
  public let historyLimit: Int
  private let showsModel: Bool
  private let write: @MainActor (String) -> Void
  private var messages: [MessageID: Origin] = [:]
  private var messageOrder: [MessageID] = []
  private var commands: [CommandID: (name: String, emittedBy: MessageID)] = [:]
  private var commandOrder: [CommandID] = []
  private var subscriptions: [SubscriptionID: String] = [:]

  /// Creates a console monitor.
  ///
  /// - Parameters:
  ///   - showsModel: Whether to print the model after every handled message (long for big models).
  ///   - historyLimit: How many messages and commands to remember for causal chains.
  ///   - write: Receives each line, without a trailing newline. Defaults to `print`.
  public init(
    showsModel: Bool = false, historyLimit: Int = 4096,
    write: @escaping @MainActor (String) -> Void = { print($0) }
  ) {
    self.showsModel = showsModel
    self.historyLimit = max(1, historyLimit)
    self.write = write
  }

  /// Prints the event.
  ///
  /// - Parameter event: What happened.
  public func receive(_ event: StoreEvent<Model>) {
    switch event {
    case .messageProcessed(let record, _, let emitted, _):
      remember(record)
      write("\(record.id) \(render(record.message))  ⟵ \(chain(of: record.cause))")
      for command in emitted {
        remember(command)
        write("   → \(command.id) \(render(command.command))")
      }
    case .modelUpdated(let id, let model):
      if showsModel { write("   \(id) model: \(render(model, limit: 400))") }
    case .unhandledMessage(let record):
      write("!  \(record.id) \(typeName(record.message)) was not handled by any updater")
    case .commandStarted(let record):
      write("\(record.id) started  \(render(record.command))")
    case .commandFinished(let record, let duration):
      write("\(record.id) finished in \(format(duration))")
    case .commandCancelled(let record):
      write("\(record.id) cancelled")
    case .commandFailed(let record, let error, let duration):
      write("!  \(record.id) \(typeName(record.command)) failed after \(format(duration)): \(error)")
    case .noInterpreter(let record):
      write("!  \(record.id) \(render(record.command)) has no interpreter; it was not performed")
    case .subscriptionStarted(let record, let message):
      subscriptions[record.id] = typeName(record.subscription)
      let after = message.map { " after \($0)" } ?? " at start"
      write("\(record.id) subscription started\(after)  \(render(record.subscription))")
    case .subscriptionStopped(let record, let message):
      let after = message.map { " after \($0)" } ?? " at shutdown"
      write("\(record.id) subscription stopped\(after)  \(render(record.subscription))")
    case .subscriptionFailed(let record, let error):
      write("!  \(record.id) subscription \(typeName(record.subscription)) failed: \(error)")
    case .noSubscriptionInterpreter(let record):
      write("!  \(record.id) \(render(record.subscription)) has no interpreter; nothing runs for it")
    case .messageDropped(let message, let cause, let reason):
      let why = reason.explanation
      write("!  dropped \(render(message)) from \(chain(of: cause)): \(why)")
    }
  }

  /// Renders the causal chain of a cause, newest first: `c2 TodoCommand.load ⟵ m1 … ⟵ external`.
  private func chain(of cause: Cause) -> String {
    var parts: [String] = []
    var current = cause
    for _ in 0..<16 {
      switch current {
      case .external:
        parts.append("external")
        return parts.joined(separator: " ⟵ ")
      case .tool(let tool):
        parts.append("from \(tool)")
        return parts.joined(separator: " ⟵ ")
      case .subscription(let id):
        parts.append("\(id) \(subscriptions[id] ?? "subscription")")
        return parts.joined(separator: " ⟵ ")
      case .command(let commandID, let messageID):
        parts.append("\(commandID) \(commands[commandID]?.name ?? "command")")
        guard let origin = messages[messageID] else {
          parts.append("\(messageID) (forgotten)")
          return parts.joined(separator: " ⟵ ")
        }
        parts.append("\(messageID) \(origin.name)")
        current = origin.cause
      }
    }
    parts.append("…")
    return parts.joined(separator: " ⟵ ")
  }

  private func remember(_ record: MessageRecord) {
    messages[record.id] = Origin(name: shortName(record.message), cause: record.cause)
    messageOrder.append(record.id)
    if messageOrder.count > historyLimit * 2 {
      for id in messageOrder.prefix(messageOrder.count - historyLimit) { messages[id] = nil }
      messageOrder.removeFirst(messageOrder.count - historyLimit)
    }
  }

  private func remember(_ record: CommandRecord) {
    commands[record.id] = (shortName(record.command), record.emittedBy)
    commandOrder.append(record.id)
    if commandOrder.count > historyLimit * 2 {
      for id in commandOrder.prefix(commandOrder.count - historyLimit) { commands[id] = nil }
      commandOrder.removeFirst(commandOrder.count - historyLimit)
    }
  }

  /// `TodoMessage.loaded` for `TodoMessage.loaded(items: …)`: the type and the case, no payload.
  private func shortName(_ value: Any) -> String {
    let full = render(value, limit: 80)
    guard let paren = full.firstIndex(of: "(") else { return full }
    return String(full[..<paren])
  }

  private func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let micros = Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    if micros < 1000 { return "\(Int(micros.rounded()))µs" }
    let millis = micros / 1000
    if millis < 1000 { return "\((millis * 10).rounded() / 10)ms" }
    return "\((millis / 100).rounded() / 10)s"
  }
}
