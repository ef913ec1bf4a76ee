/// Prints a ``CausalForest`` as an indented text tree, one line per node.
///
/// ```
/// m1  +0.010s  AppMessage.input(line: "login ada")  [external]
///   → c1  AuthenticationCommand.signIn(username: "ada", password: Secret(••••))  12.2 ms
///     m2  +0.025s  AuthenticationMessage.signedIn(Session(username: "ada"))  Δ session
///       → c2  TodoCommand.load(username: "ada")  2.0 ms
///         m3  +0.028s  TodoMessage.loaded([…])  Δ items (+3)
/// s1  +0.025s  ⟳ ReminderTicks(everyMilliseconds: 15)  [subscription, started after m2]
///   m4  +0.041s  NotificationsMessage.tick(1)  Δ ticks
/// ```
///
/// Messages start with their identifier (`m…`) and time since recording started; commands (`→ c…`)
/// end with how long their interpreter ran or what went wrong; subscriptions (`s…`, `⟳`) say after
/// which message they started; dropped messages start with `✕`. `Δ` lists where the model changed.
/// Each level is indented by two spaces. A chain deeper than ``CausalForest/foldDepth`` continues
/// in a tree of its own, whose root says `[continues from c… of m…]`. The output depends only on the
/// trace, so it is stable.
public struct TreeRenderer: Sendable {
  /// The most characters of a value printed (`nil`: no limit).
  public var valueWidth: Int?

  /// Creates a renderer.
  ///
  /// - Parameter valueWidth: The most characters of a value printed, or `nil` for no limit.
  public init(valueWidth: Int? = 120) {
    self.valueWidth = valueWidth
  }

  /// The tree, one line per node, each line ending with a line break.
  ///
  /// - Parameter forest: The forest to print.
  /// - Returns: The text; empty for an empty forest.
  public func render(_ forest: CausalForest) -> String {
    var output = ""
    var stack = forest.roots.reversed().map { ($0, 0) }
    while let (node, depth) = stack.popLast() {
      output += String(repeating: "  ", count: depth) + line(for: node, isRoot: depth == 0) + "\n"
      stack += node.children.reversed().map { ($0, depth + 1) }
    }
    return output
  }

  /// The line for one node, without indentation.
  ///
  /// - Parameters:
  ///   - node: The node.
  ///   - isRoot: Whether the node is a root (roots say why they are roots).
  /// - Returns: The line.
  public func line(for node: CausalNode, isRoot: Bool) -> String {
    switch node.kind {
    case .message(let message): line(for: message, isRoot: isRoot, continues: node.isContinuation)
    case .command(let command): line(for: command, isRoot: isRoot)
    case .subscription(let subscription): line(for: subscription)
    case .drop(let drop):
      "✕ dropped  \(time(drop.time))  \(value(drop.value))  (\(drop.reason); cause: \(drop.cause))"
    }
  }

  private func line(for message: TracedMessage, isRoot: Bool, continues: Bool) -> String {
    var parts = ["m\(message.id)", time(message.time), value(message.value)]
    if isRoot {
      switch message.cause {
      case .external: parts.append("[external]")
      case .tool(let tool): parts.append("[from \(tool)]")
      case .command(let command, let emitter) where continues:
        parts.append("[continues from c\(command) of m\(emitter)]")
      case let cause: parts.append("[cause: \(cause), not in the trace]")
      }
    }
    if !message.handled { parts.append("[unhandled]") }
    let changes = TextFormat.changes(message.changes)
    if !changes.isEmpty { parts.append("Δ " + changes) }
    return parts.joined(separator: "  ")
  }

  private func line(for command: TracedCommand, isRoot: Bool) -> String {
    var parts = ["→ c\(command.id)", value(command.value)]
    let duration = command.duration.map(TextFormat.duration)
    switch command.outcome {
    case .emitted: parts.append("[not started]")
    case .running: parts.append("[still running]")
    case .finished: parts.append(duration ?? "finished")
    case .cancelled: parts.append("[cancelled]")
    case .failed(let error): parts.append("[failed" + (duration.map { " after \($0)" } ?? "") + ": \(error)]")
    case .noInterpreter: parts.append("[no interpreter]")
    }
    if isRoot { parts.append("[emitted by m\(command.message), not in the trace]") }
    return parts.joined(separator: "  ")
  }

  private func line(for subscription: TracedSubscription) -> String {
    var parts = ["s\(subscription.id)"]
    if let start = subscription.startTime { parts.append(time(start)) }
    parts.append("⟳ " + value(subscription.value ?? "(its start is not in the trace)"))
    var notes = ["subscription"]
    if let message = subscription.startedAfter {
      notes.append("started after m\(message)")
    } else if subscription.isRecorded {
      notes.append("started with the store")
    }
    if let message = subscription.stoppedAfter { notes.append("stopped after m\(message)") }
    if let error = subscription.error { notes.append("failed: \(error)") }
    if !subscription.hasInterpreter { notes.append("no interpreter") }
    parts.append("[" + notes.joined(separator: ", ") + "]")
    return parts.joined(separator: "  ")
  }

  private func time(_ seconds: Double) -> String { TextFormat.time(seconds) }

  private func value(_ value: String) -> String { TextFormat.truncated(value, to: valueWidth) }
}
