/// A command emitted by a traced message, and what became of it.
public struct TracedCommand: Sendable, Equatable {
  /// What became of a command, by the last line recorded about it.
  public enum Outcome: Sendable, Equatable {
    /// Emitted, but never handed to an interpreter in the trace (the recording ended first).
    case emitted
    /// Handed to its interpreter, which had not returned when the recording ended.
    case running
    /// Its interpreter returned.
    case finished
    /// It was cancelled (a key, a `CancelCommand`, its child leaving the model), while running or
    /// while it waited for a slot.
    case cancelled
    /// Its interpreter threw this error.
    case failed(String)
    /// No interpreter was registered for its type.
    case noInterpreter
  }

  /// The store's identifier for the command (`c2` in the viewer's output).
  public var id: UInt64
  /// The message whose update emitted it (`0` if no line names it, which the recorder never writes).
  public var message: UInt64
  /// Its type, with module: `TodoAPI.TodoCommand`.
  public var type: String
  /// Its one-line rendering, secrets redacted.
  public var value: String
  /// Seconds since recording started, when it was handed to its interpreter.
  public var startTime: Double?
  /// Nanoseconds its interpreter ran, once finished or failed.
  public var duration: Int64?
  /// What became of it.
  public var outcome: Outcome

  /// Creates a command record.
  ///
  /// - Parameters:
  ///   - id: The identifier.
  ///   - message: The emitting message.
  ///   - type: The type with module.
  ///   - value: The rendering.
  ///   - startTime: When it started, if it did.
  ///   - duration: Nanoseconds its interpreter ran.
  ///   - outcome: What became of it.
  public init(
    id: UInt64, message: UInt64, type: String, value: String, startTime: Double? = nil,
    duration: Int64? = nil, outcome: Outcome = .emitted
  ) {
    self.id = id
    self.message = message
    self.type = type
    self.value = value
    self.startTime = startTime
    self.duration = duration
    self.outcome = outcome
  }

  /// The feature the command's type belongs to (see ``Feature``).
  public var feature: String { Feature.name(ofType: type) ?? type }

  /// The value up to its payload: `TodoCommand.load`.
  public var label: String { Label.of(value: value) }

  /// The error its interpreter threw, if it failed.
  public var error: String? {
    if case .failed(let error) = outcome { return error }
    return nil
  }
}
