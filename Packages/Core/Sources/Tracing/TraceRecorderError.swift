/// Why a trace file could not be opened.
public struct TraceRecorderError: Error, CustomStringConvertible {
  /// The file.
  public let path: String
  /// The system's reason.
  public let reason: String

  /// A sentence naming the file and the reason.
  public var description: String { "Cannot write the trace to \(path): \(reason)" }
}
