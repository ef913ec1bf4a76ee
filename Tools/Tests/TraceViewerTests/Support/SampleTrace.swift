import TraceViewer
import Tracing

/// A session written line by line: a login whose chain goes three messages deep, a subscription
/// that ticks twice and then drops a tick, a failed save, an unhandled message and a command
/// without interpreter.
///
/// ```
/// m1 login ─ c1 signIn (12.3 ms) ─ m2 signedIn ─ c2 load (2.1 ms) ─ m3 loaded (3 items)
/// s1 ticks (started after m2) ─ m4 tick(1), m5 tick(2), ✕ tick(3)
/// m6 add ─ c3 save (failed: disk full)
/// m7 Stray (unhandled)
/// m8 done ─ c4 notify (no interpreter)
/// ```
enum SampleTrace {
  /// A title with characters HTML and JSON must escape, and text outside ASCII.
  static let awkwardTitle = #"Café ☕ & croissant 🥐 <b>"bold"</b> 茶 </script>"#

  static var entries: [TraceEntry] {
    var trace = TraceBuilder()
    trace.message(
      1, at: 0.001, type: "todo.AppMessage", value: #"AppMessage.input(line: "login ada")"#,
      commands: [
        TraceCommand(
          id: 1, type: "AuthenticationAPI.AuthenticationCommand",
          value: #"AuthenticationCommand.signIn(username: "ada", password: Secret(••••))"#)
      ],
      changes: [TraceChange(path: ".", before: nil, after: "AppModel(session: nil, items: [])")])
    trace.command(.commandStarted, 1, at: 0.002, message: 1)
    trace.message(
      2, at: 0.014, cause: TraceBuilder.command(1, from: 1), type: "AuthenticationAPI.AuthenticationMessage",
      value: #"AuthenticationMessage.signedIn(Session(username: "ada"))"#,
      commands: [
        TraceCommand(id: 2, type: "TodoAPI.TodoCommand", value: #"TodoCommand.load(username: "ada")"#)
      ],
      changes: [TraceChange(path: "session", before: "nil", after: #"Session(username: "ada")"#)])
    trace.subscription(.subscriptionStarted, 1, at: 0.0146, after: 2, value: "ReminderTicks(every: 0.02)")
    trace.command(.commandStarted, 2, at: 0.015, message: 2)
    trace.finished(1, at: 0.0151, message: 1, duration: 12_300_000)
    trace.message(
      3, at: 0.017, cause: TraceBuilder.command(2, from: 2), type: "TodoAPI.TodoMessage",
      value: "TodoMessage.loaded([\(awkwardTitle.debugDescription), \"tea\", \"jam\"])",
      changes: [
        TraceChange(path: "items[0]", before: nil, after: awkwardTitle.debugDescription),
        TraceChange(path: "items[1]", before: nil, after: #""tea""#),
        TraceChange(path: "items[2]", before: nil, after: #""jam""#),
      ])
    trace.finished(2, at: 0.0171, message: 2, duration: 2_100_000)
    trace.message(
      4, at: 0.035, cause: TraceBuilder.subscription(1), type: "NotificationsAPI.NotificationsMessage",
      value: "NotificationsMessage.tick(1)", changes: [TraceChange(path: "ticks", before: "0", after: "1")])
    trace.message(
      5, at: 0.055, cause: TraceBuilder.subscription(1), type: "NotificationsAPI.NotificationsMessage",
      value: "NotificationsMessage.tick(2)", changes: [TraceChange(path: "ticks", before: "1", after: "2")])
    trace.subscription(.subscriptionStopped, 1, at: 0.0551, after: 5, value: "ReminderTicks(every: 0.02)")
    trace.dropped(
      at: 0.056, cause: TraceBuilder.subscription(1), type: "NotificationsAPI.NotificationsMessage",
      value: "NotificationsMessage.tick(3)", reason: "its subscription was stopped")
    trace.message(
      6, at: 0.100, type: "todo.AppMessage", value: #"AppMessage.input(line: "add milk")"#,
      commands: [TraceCommand(id: 3, type: "TodoAPI.TodoCommand", value: #"TodoCommand.save("milk")"#)],
      changes: [TraceChange(path: "items[3]", before: nil, after: #""milk""#)])
    trace.command(.commandStarted, 3, at: 0.101, message: 6)
    trace.finished(3, at: 0.104, message: 6, duration: 3_000_000, error: "disk full")
    trace.message(7, at: 0.110, type: "todo.Stray", value: "Stray()", handled: false)
    trace.message(
      8, at: 0.120, type: "todo.AppMessage", value: #"AppMessage.input(line: "done 0")"#,
      commands: [
        TraceCommand(
          id: 4, type: "NotificationsAPI.NotificationsCommand",
          value: #"NotificationsCommand.notify(title: "Done")"#)
      ],
      changes: [TraceChange(path: "items[0].isDone", before: "false", after: "true")])
    trace.command(.noInterpreter, 4, at: 0.121, message: 8)
    return trace.entries
  }

  static var trace: Trace { Trace(entries: entries) }

  static var forest: CausalForest { CausalForest(trace: trace) }
}

/// A forest's shape in one line per tree: `m1(c1(m2))`, `s1(m4, m5, drop)`.
func shape(of forest: CausalForest) -> [String] {
  forest.roots.map(shape(of:))
}

func shape(of node: CausalNode) -> String {
  let name =
    switch node.kind {
    case .message(let message): "m\(message.id)"
    case .command(let command): "c\(command.id)"
    case .subscription(let subscription): "s\(subscription.id)"
    case .drop: "drop"
    }
  return node.children.isEmpty
    ? name : name + "(" + node.children.map(shape(of:)).joined(separator: ", ") + ")"
}
