/// Why the inspector could not start.
public struct InspectorError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, in a sentence.
  public var description: String

  /// Creates an error.
  ///
  /// - Parameter description: What went wrong.
  public init(_ description: String) {
    self.description = description
  }
}
