import Core
import Foundation
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
  ///   - until: Stop after this message (1 or more) and print the model there.
  /// - Returns: The report.
  /// - Throws: ``Unreadable`` when the file cannot be read or holds a malformed line.
  public static func run(path: String, until: UInt64?) throws(Unreadable) -> ReplayReport {
    let contents: TraceReader.Contents
    do {
      contents = try TraceReader.read(path: path)
    } catch let malformed as TraceReader.MalformedLine {
      throw Unreadable("Cannot replay \(path): \(malformed)")
    } catch {
      throw Unreadable("Cannot read \(path): \(Self.reason(path: path, error: error))")
    }
    var replay = appReplay()
    var lines: [String] = []
    if contents.skippedTornLastLine { lines.append("(The last line was torn and skipped.)") }
    do {
      let result = try replay.run(contents.entries, until: until)
      lines.append("Replayed \(result.steps) messages: every recorded model change was reproduced.")
      if let until {
        let last = result.lastMessage.map { "m\($0)" }
        if let reached = result.lastMessage, reached >= until {
          lines.append("Model after m\(reached) (until m\(until)):")
        } else {
          lines.append(
            "--until \(until) is past the end of the trace, "
              + (last.map { "whose last message is \($0). The model at its end:" }
                ?? "which holds no message."))
        }
        lines.append(ValueRenderer.render(result.model, limit: 100_000))
      }
      return ReplayReport(text: lines.joined(separator: "\n"), succeeded: true)
    } catch let divergence as TraceReplay<AppModel>.Divergence {
      lines.append(divergence.description)
      return ReplayReport(text: lines.joined(separator: "\n"), succeeded: false)
    } catch {
      lines.append("The replay stopped: \(error)")
      return ReplayReport(text: lines.joined(separator: "\n"), succeeded: false)
    }
  }

  /// A replay through the app's real updater from its initial model, knowing its message types:
  /// `todo replay` and the inspector's time travel (``PastList``) replay with it.
  static func appReplay() -> TraceReplay<AppModel> {
    TraceReplay(
      model: AppModel(), updater: AppComposition.composition.updater,
      messageTypes: AppComposition.composition.messageTypes)
  }

  /// Why a file could not be read, in a few words.
  private static func reason(path: String, error: any Error) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return "no such file"
    }
    if isDirectory.boolValue { return "it is a folder" }
    if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
    return error.localizedDescription
  }

  /// A trace that cannot be replayed at all, in one sentence.
  public struct Unreadable: Error, CustomStringConvertible {
    /// The sentence.
    public let description: String

    init(_ description: String) { self.description = description }
  }
}
