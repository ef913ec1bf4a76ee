public import Tracing

/// A recorded trace, indexed: every message, command, subscription and drop, by identifier.
///
/// A trace file holds one line per event; a command, for instance, appears in its emitting
/// message's line, then in `commandStarted` and `commandFinished` lines. ``init(entries:)`` gathers
/// each thing's lines into one record. Lines may arrive in any order and may be missing (a trace
/// whose recording began late, or a file cut short): records keep what the lines say.
public struct Trace: Sendable {
  /// The model's type, from the `start` line.
  public private(set) var modelType: String?
  /// When recording started, ISO 8601, from the `start` line.
  public private(set) var wallTime: String?
  /// The model when recording started, rendered, if the recorder was given it.
  public private(set) var initialModel: String?
  /// The processed messages, in file order.
  public private(set) var messages: [TracedMessage] = []
  /// The commands, in the order they first appear.
  public private(set) var commands: [TracedCommand] = []
  /// The subscriptions, in the order they first appear.
  public private(set) var subscriptions: [TracedSubscription] = []
  /// The dropped messages, in file order.
  public private(set) var drops: [TracedDrop] = []
  /// Seconds from the start of recording to the last line.
  public private(set) var duration: Double = 0

  private var messageIndex: [UInt64: Int] = [:]
  private var commandIndex: [UInt64: Int] = [:]
  private var subscriptionIndex: [UInt64: Int] = [:]

  /// Gathers the lines of a trace into records.
  ///
  /// Lines without the identifier their kind needs are skipped.
  ///
  /// - Parameter entries: The lines, in file order (``TraceReader`` reads them).
  public init(entries: [TraceEntry]) {
    for entry in entries {
      duration = max(duration, entry.time)
      add(entry)
    }
  }

  /// The message with identifier `id`, if the trace has it.
  ///
  /// - Parameter id: A message identifier.
  /// - Returns: The message, or `nil`.
  public func message(_ id: UInt64) -> TracedMessage? {
    messageIndex[id].map { messages[$0] }
  }

  /// The command with identifier `id`, if the trace has it.
  ///
  /// - Parameter id: A command identifier.
  /// - Returns: The command, or `nil`.
  public func command(_ id: UInt64) -> TracedCommand? {
    commandIndex[id].map { commands[$0] }
  }

  /// The subscription with identifier `id`, if the trace has it.
  ///
  /// - Parameter id: A subscription identifier.
  /// - Returns: The subscription, or `nil`.
  public func subscription(_ id: UInt64) -> TracedSubscription? {
    subscriptionIndex[id].map { subscriptions[$0] }
  }

  // MARK: - Gathering lines

  private mutating func add(_ entry: TraceEntry) {
    switch entry.kind {
    case .start:
      modelType = entry.type
      wallTime = entry.wallTime
      initialModel = entry.value
    case .message:
      addMessage(entry)
    case .commandStarted, .commandFinished, .commandFailed, .noInterpreter:
      addCommandLine(entry)
    case .subscriptionStarted, .subscriptionStopped, .subscriptionFailed, .noSubscriptionInterpreter:
      addSubscriptionLine(entry)
    case .dropped:
      drops.append(
        TracedDrop(
          time: entry.time, cause: TracedCause(entry.cause), type: entry.type ?? "?",
          value: entry.value ?? "?",
          reason: entry.error ?? "no reason recorded"))
    }
  }

  private mutating func addMessage(_ entry: TraceEntry) {
    guard let id = entry.id else { return }
    let message = TracedMessage(
      id: id, time: entry.time, cause: TracedCause(entry.cause), type: entry.type ?? "?",
      value: entry.value ?? "?", handled: entry.handled ?? true, commands: entry.commands?.map(\.id) ?? [],
      changes: entry.changes ?? [], duration: entry.duration)
    messageIndex[id] = messages.count
    messages.append(message)
    for command in entry.commands ?? [] {
      updateCommand(command.id) {
        $0.message = id
        $0.type = command.type
        $0.value = command.value
      }
    }
  }

  private mutating func addCommandLine(_ entry: TraceEntry) {
    guard let id = entry.id else { return }
    updateCommand(id) { command in
      if let message = entry.message { command.message = message }
      if let type = entry.type { command.type = type }
      if let value = entry.value { command.value = value }
      switch entry.kind {
      case .commandStarted:
        command.startTime = entry.time
        if command.outcome == .emitted { command.outcome = .running }
      case .commandFinished:
        command.duration = entry.duration
        command.outcome = entry.cancelled == true ? .cancelled : .finished
      case .commandFailed:
        command.duration = entry.duration
        command.outcome = .failed(entry.error ?? "no error recorded")
      default:
        command.startTime = entry.time
        command.outcome = .noInterpreter
      }
    }
  }

  private mutating func addSubscriptionLine(_ entry: TraceEntry) {
    guard let id = entry.id else { return }
    let index =
      subscriptionIndex[id]
      ?? {
        subscriptionIndex[id] = subscriptions.count
        subscriptions.append(TracedSubscription(id: id))
        return subscriptions.count - 1
      }()
    var subscription = subscriptions[index]
    if let type = entry.type { subscription.type = type }
    if let value = entry.value { subscription.value = value }
    switch entry.kind {
    case .subscriptionStarted:
      subscription.startedAfter = entry.message
      subscription.startTime = entry.time
    case .subscriptionStopped:
      subscription.stoppedAfter = entry.message
      subscription.stopTime = entry.time
    case .subscriptionFailed:
      subscription.error = entry.error ?? "no error recorded"
    default:
      subscription.hasInterpreter = false
      subscription.startTime = subscription.startTime ?? entry.time
    }
    subscriptions[index] = subscription
  }

  /// Applies `change` to the command `id`, creating it (from the lines about it alone) if needed.
  private mutating func updateCommand(_ id: UInt64, _ change: (inout TracedCommand) -> Void) {
    if let index = commandIndex[id] {
      change(&commands[index])
    } else {
      var command = TracedCommand(id: id, message: 0, type: "?", value: "?")
      change(&command)
      commandIndex[id] = commands.count
      commands.append(command)
    }
  }
}
