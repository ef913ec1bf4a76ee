public import Tracing

/// A processed message, as the trace recorded it.
public struct TracedMessage: Sendable, Equatable {
  /// The store's identifier for the message (`m3` in the viewer's output).
  public var id: UInt64
  /// Seconds since recording started, when the message was processed.
  public var time: Double
  /// Who sent it.
  public var cause: TracedCause
  /// Its type, with module: `TodoAPI.TodoMessage`.
  public var type: String
  /// Its one-line rendering, secrets redacted: `TodoMessage.loaded([…])`.
  public var value: String
  /// Whether an updater handled it.
  public var handled: Bool
  /// The identifiers of the commands its update emitted, in order.
  public var commands: [UInt64]
  /// What its update changed in the model.
  public var changes: [TraceChange]
  /// Nanoseconds spent in the updaters, if recorded.
  public var duration: Int64?

  /// Creates a message record.
  ///
  /// - Parameters:
  ///   - id: The identifier.
  ///   - time: Seconds since recording started.
  ///   - cause: Who sent it.
  ///   - type: The type with module.
  ///   - value: The rendering.
  ///   - handled: Whether an updater handled it.
  ///   - commands: The commands emitted.
  ///   - changes: The model changes.
  ///   - duration: Nanoseconds in the updaters.
  public init(
    id: UInt64, time: Double, cause: TracedCause, type: String, value: String, handled: Bool = true,
    commands: [UInt64] = [], changes: [TraceChange] = [], duration: Int64? = nil
  ) {
    self.id = id
    self.time = time
    self.cause = cause
    self.type = type
    self.value = value
    self.handled = handled
    self.commands = commands
    self.changes = changes
    self.duration = duration
  }

  /// The feature the message's type belongs to (see ``Feature``).
  public var feature: String { Feature.name(ofType: type) ?? type }

  /// The value up to its payload: `TodoMessage.loaded`.
  public var label: String { Label.of(value: value) }
}

/// Short labels for values, used where a whole rendering would not fit.
enum Label {
  /// The rendering up to its first parenthesis: `TodoMessage.loaded([…])` → `TodoMessage.loaded`.
  static func of(value: String) -> String {
    guard let parenthesis = value.firstIndex(of: "("), parenthesis != value.startIndex else { return value }
    return String(value[..<parenthesis])
  }
}
