/// A subscription that ran while the trace was recorded.
public struct TracedSubscription: Sendable, Equatable {
  /// The store's identifier for the subscription (`s1` in the viewer's output).
  public var id: UInt64
  /// Its type, with module; `nil` when the trace does not say (it started before recording did).
  public var type: String?
  /// Its rendering; `nil` when the trace does not say.
  public var value: String?
  /// The message after whose update it started.
  public var startedAfter: UInt64?
  /// Seconds since recording started, when it started.
  public var startTime: Double?
  /// The message after whose update it stopped (`nil` at shutdown, or still running).
  public var stoppedAfter: UInt64?
  /// Seconds since recording started, when it stopped.
  public var stopTime: Double?
  /// The error its async function threw, if it did.
  public var error: String?
  /// Whether an interpreter was registered for its type.
  public var hasInterpreter: Bool

  /// Creates a subscription record.
  ///
  /// - Parameters:
  ///   - id: The identifier.
  ///   - type: The type with module, if known.
  ///   - value: The rendering, if known.
  ///   - startedAfter: The message after which it started.
  ///   - startTime: When it started.
  ///   - stoppedAfter: The message after which it stopped.
  ///   - stopTime: When it stopped.
  ///   - error: The error it threw.
  ///   - hasInterpreter: Whether an interpreter ran it.
  public init(
    id: UInt64, type: String? = nil, value: String? = nil, startedAfter: UInt64? = nil,
    startTime: Double? = nil, stoppedAfter: UInt64? = nil, stopTime: Double? = nil, error: String? = nil,
    hasInterpreter: Bool = true
  ) {
    self.id = id
    self.type = type
    self.value = value
    self.startedAfter = startedAfter
    self.startTime = startTime
    self.stoppedAfter = stoppedAfter
    self.stopTime = stopTime
    self.error = error
    self.hasInterpreter = hasInterpreter
  }

  /// The feature the subscription's type belongs to, or `?` when its type is unknown.
  public var feature: String { type.flatMap(Feature.name(ofType:)) ?? type ?? "?" }

  /// Whether the trace recorded it starting, or only knows it from the messages it sent.
  public var isRecorded: Bool { type != nil }
}
