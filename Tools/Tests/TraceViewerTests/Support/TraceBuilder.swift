import Tracing

/// Writes trace lines in code, as `TraceRecorder` would, for the tests to read back.
struct TraceBuilder {
  private(set) var entries = [TraceEntry(kind: .start, time: 0)]

  static let external = TraceCause(kind: "external")

  static func command(_ command: UInt64, from message: UInt64) -> TraceCause {
    TraceCause(kind: "command", command: command, message: message)
  }

  static func subscription(_ subscription: UInt64) -> TraceCause {
    TraceCause(kind: "subscription", subscription: subscription)
  }

  mutating func message(
    _ id: UInt64, at time: Double, cause: TraceCause = external, type: String, value: String,
    handled: Bool = true,
    commands: [TraceCommand] = [], changes: [TraceChange] = []
  ) {
    var entry = TraceEntry(kind: .message, time: time)
    entry.id = id
    entry.cause = cause
    entry.type = type
    entry.value = value
    entry.handled = handled
    entry.commands = commands
    entry.changes = handled ? changes : nil
    entry.duration = 4_000
    entries.append(entry)
  }

  mutating func command(_ kind: TraceEntry.Kind, _ id: UInt64, at time: Double, message: UInt64) {
    var entry = TraceEntry(kind: kind, time: time)
    entry.id = id
    entry.message = message
    entries.append(entry)
  }

  mutating func cancelled(_ id: UInt64, at time: Double, message: UInt64) {
    var entry = TraceEntry(kind: .commandFinished, time: time)
    entry.id = id
    entry.message = message
    entry.cancelled = true
    entries.append(entry)
  }

  mutating func finished(
    _ id: UInt64, at time: Double, message: UInt64, duration: Int64, error: String? = nil
  ) {
    var entry = TraceEntry(kind: error == nil ? .commandFinished : .commandFailed, time: time)
    entry.id = id
    entry.message = message
    entry.duration = duration
    entry.error = error
    entries.append(entry)
  }

  mutating func subscription(
    _ kind: TraceEntry.Kind, _ id: UInt64, at time: Double, after message: UInt64?, value: String
  ) {
    var entry = TraceEntry(kind: kind, time: time)
    entry.id = id
    entry.message = message
    entry.type = "NotificationsAPI.ReminderTicks"
    entry.value = value
    entries.append(entry)
  }

  mutating func dropped(at time: Double, cause: TraceCause, type: String, value: String, reason: String) {
    var entry = TraceEntry(kind: .dropped, time: time)
    entry.cause = cause
    entry.type = type
    entry.value = value
    entry.error = reason
    entries.append(entry)
  }
}
