import Core
import Tracing

/// The outcome of `todo replay`, as text.
public struct ReplayReport {
  /// What to print.
  public let text: String
  /// Whether the whole trace (or the part up to `until`) was reproduced.
  public let succeeded: Bool

  /// Replays the trace at `path` through the app's real updater.
  ///
  /// - Parameters:
  ///   - path: The trace file.
  ///   - until: Stop after this message and print the model there.
  /// - Returns: The report.
  /// - Throws: The reader's errors (an unreadable file, a malformed line).
  public static func run(path: String, until: UInt64?) throws -> ReplayReport {
    let contents = try TraceReader.read(path: path)
    var replay = TraceReplay(
      model: AppModel(), updater: AppComposition.updater, messageTypes: AppComposition.messageTypes)
    var lines: [String] = []
    if contents.skippedTornLastLine { lines.append("(The last line was torn and skipped.)") }
    do {
      let result = try replay.run(contents.entries, until: until)
      lines.append("Replayed \(result.steps) messages: every recorded model change was reproduced.")
      if let until {
        lines.append("Model after m\(result.lastMessage.map(String.init) ?? "?") (until m\(until)):")
        lines.append(ValueRenderer.render(result.model, limit: 100_000))
      }
      return ReplayReport(text: lines.joined(separator: "\n"), succeeded: true)
    } catch let divergence as TraceReplay<AppModel>.Divergence {
      lines.append(divergence.description)
      return ReplayReport(text: lines.joined(separator: "\n"), succeeded: false)
    }
  }
}
