/// How a ``TodoInterpreter`` paces a CSV import: rows per transaction and how often it reports
/// progress.
///
/// Progress is sent after a batch is stored, when the fraction of the file read has grown by at
/// least ``progressStep`` *and* at least ``progressInterval`` has passed since the last report; the
/// final fraction, exactly 1, is always sent. So a fast import of a million rows sends at most about
/// a hundred messages, and a slow one at most ten a second.
public struct TodoImportOptions: Hashable, Sendable {
  /// The rows stored per transaction: a batch is stored whole or not at all, so a cancellation
  /// waits for the batch being stored, if any.
  public var batchSize: Int
  /// The least growth of the fraction read between two progress messages.
  public var progressStep: Double
  /// The least time between two progress messages, measured with the interpreter's clock.
  public var progressInterval: Duration

  /// Creates options.
  ///
  /// - Parameters:
  ///   - batchSize: Rows per transaction, at least 1; 5,000 by default.
  ///   - progressStep: The least growth of the fraction between reports; 1% by default.
  ///   - progressInterval: The least time between reports; 100 ms by default.
  public init(
    batchSize: Int = 5000, progressStep: Double = 0.01, progressInterval: Duration = .milliseconds(100)
  ) {
    self.batchSize = max(1, batchSize)
    self.progressStep = progressStep
    self.progressInterval = progressInterval
  }
}
