/// A message the store dropped without processing it.
public struct TracedDrop: Sendable, Equatable {
  /// Seconds since recording started.
  public var time: Double
  /// Who sent it.
  public var cause: TracedCause
  /// Its type, with module.
  public var type: String
  /// Its rendering, secrets redacted.
  public var value: String
  /// Why it was dropped: `the store is shut down`, `its subscription was stopped`.
  public var reason: String

  /// Creates a drop record.
  ///
  /// - Parameters:
  ///   - time: Seconds since recording started.
  ///   - cause: Who sent it.
  ///   - type: The type with module.
  ///   - value: The rendering.
  ///   - reason: Why it was dropped.
  public init(time: Double, cause: TracedCause, type: String, value: String, reason: String) {
    self.time = time
    self.cause = cause
    self.type = type
    self.value = value
    self.reason = reason
  }

  /// The feature the message's type belongs to (see ``Feature``).
  public var feature: String { Feature.name(ofType: type) ?? type }
}
