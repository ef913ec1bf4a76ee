/// A command emitted by a traced message.
public struct TraceCommand: Codable, Sendable, Equatable {
  /// The command's identifier.
  public var id: UInt64
  /// Its type, with module.
  public var type: String
  /// Its rendering, secrets redacted.
  public var value: String

  /// Creates a command record.
  ///
  /// - Parameters:
  ///   - id: The identifier.
  ///   - type: The type with module.
  ///   - value: The rendering.
  public init(id: UInt64, type: String, value: String) {
    self.id = id
    self.type = type
    self.value = value
  }
}
