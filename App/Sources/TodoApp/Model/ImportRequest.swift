/// An import the user started and that has not reported its end.
public struct ImportRequest: Hashable, Sendable, Codable {
  /// The file being imported.
  public var path: String
  /// Whether `import cancel` came before the import's first progress report: the cancellation is
  /// sent with that report, when the import is known to run (one sent earlier could reach the
  /// interpreter before the import begins, and be lost).
  public var cancelsOnStart: Bool

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - path: The file being imported.
  ///   - cancelsOnStart: Whether a cancellation waits for the first progress report.
  public init(path: String, cancelsOnStart: Bool = false) {
    self.path = path
    self.cancelsOnStart = cancelsOnStart
  }
}
