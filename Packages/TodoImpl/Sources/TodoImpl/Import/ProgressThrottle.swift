import Foundation

/// Decides which of an import's progress points become messages (see ``TodoImportOptions``).
struct ProgressThrottle {
  private let step: Double
  private let interval: TimeInterval
  private var lastFraction = 0.0
  private var lastTime: Date?

  /// Creates a throttle that has reported nothing yet.
  ///
  /// - Parameter options: The step and interval to respect.
  init(options: TodoImportOptions) {
    step = options.progressStep
    let components = options.progressInterval.components
    interval = Double(components.seconds) + Double(components.attoseconds) / 1e18
  }

  /// Whether to report `fraction` at `time`; if so, it becomes the last report.
  ///
  /// Fractions at or past 1 are left to the final report, which the importer always sends.
  ///
  /// - Parameters:
  ///   - fraction: The fraction of the file read so far; never less than at the previous call.
  ///   - time: The current time.
  /// - Returns: Whether to send a progress message now.
  mutating func shouldReport(_ fraction: Double, at time: Date) -> Bool {
    guard fraction < 1, fraction - lastFraction >= step else { return false }
    if let lastTime, time.timeIntervalSince(lastTime) < interval { return false }
    lastFraction = fraction
    lastTime = time
    return true
  }

  /// Records a report sent without asking, as the import's first one (at 0), so that the next one
  /// waits for the interval.
  ///
  /// - Parameter time: When it was sent.
  mutating func didReport(at time: Date) {
    lastTime = time
  }
}
