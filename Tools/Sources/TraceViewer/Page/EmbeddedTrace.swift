import InspectorPage
public import Tracing

/// The lines of a trace that a ``CausalForest`` holds, and the inspector's page showing them: what
/// `trace html` writes.
///
/// The page is the live inspector's (`InspectorPage`), one renderer for both; it reads the lines
/// as it would read the trace file. A filtered forest keeps its chains' lines and the `start` line.
/// Each line is the trace's own, secrets redacted as the recorder wrote them, but for two things:
/// a message that repeats an earlier one (`like`) is written out in full when the filter left that
/// one out, and payloads are left out, since the page shows them only to send a message, which a
/// file cannot.
///
/// ```swift
/// let entries = try TraceReader.read(path: "session.jsonl").entries
/// let forest = CausalForest(trace: Trace(entries: entries)).filtered(by: TraceFilter(features: ["Todo"]))
/// let html = try EmbeddedTrace(entries: entries, forest: forest).page(named: "session.jsonl")
/// ```
public struct EmbeddedTrace: Sendable {
  /// The lines, in the trace's order, each one JSON object without its newline.
  public let lines: [String]

  /// Picks the lines of `entries` that `forest` holds.
  ///
  /// - Parameters:
  ///   - entries: The trace's entries, as ``TraceReader`` reads them.
  ///   - forest: The forest of those entries, filtered or not.
  public init(entries: [TraceEntry], forest: CausalForest) {
    var messages: Set<UInt64> = []
    var commands: Set<UInt64> = []
    var subscriptions: Set<UInt64> = []
    var drops: [DropKey: Int] = [:]
    for node in forest.nodes {
      switch node.kind {
      case .message(let message): messages.insert(message.id)
      case .command(let command): commands.insert(command.id)
      case .subscription(let subscription): subscriptions.insert(subscription.id)
      case .drop(let drop):
        drops[DropKey(time: drop.time, type: drop.type, value: drop.value), default: 0] += 1
      }
    }
    var lines: [String] = []
    for var entry in entries {
      switch entry.kind {
      case .start:
        break
      case .message:
        guard let id = entry.id, messages.contains(id) else { continue }
        entry.payload = nil
        entry.payloadLike = nil
        if let like = entry.like, messages.contains(like) {
          entry.type = nil
          entry.value = nil
        } else {
          entry.like = nil
        }
      case .commandStarted, .commandFinished, .commandFailed, .noInterpreter:
        guard let id = entry.id, commands.contains(id) else { continue }
      case .subscriptionStarted, .subscriptionStopped, .subscriptionFailed, .noSubscriptionInterpreter:
        guard let id = entry.id, subscriptions.contains(id) else { continue }
      case .dropped:
        let key = DropKey(time: entry.time, type: entry.type ?? "?", value: entry.value ?? "?")
        guard let left = drops[key], left > 0 else { continue }
        drops[key] = left - 1
      }
      lines.append(entry.jsonLine)
    }
    self.lines = lines
  }

  /// The inspector's page with the lines embedded, which shows them as it loads, offline.
  ///
  /// - Parameter name: What the page calls the trace, usually its file's name.
  /// - Returns: The HTML document.
  /// - Throws: `InspectorPage.MissingResource` if the page is missing from the build's resources.
  public func page(named name: String) throws -> String {
    try InspectorPage.showing(traceLines: lines, named: name).html
  }

  /// A drop as the forest and the trace's line both know it.
  private struct DropKey: Hashable {
    var time: Double
    var type: String
    var value: String
  }
}
