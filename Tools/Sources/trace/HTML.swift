import ArgumentParser
import Foundation
import TraceViewer

/// `trace html FILE`: the inspector's page with the trace in it, one self-contained file.
struct HTML: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write a trace as one self-contained HTML page: the inspector's page, showing the trace.",
    discussion: """
      The page is the live inspector's, with the trace embedded; it needs no network and no app: \
      style, script and data are inline. It lists the messages, filtered by feature and text; \
      select one to see its cause chain, what it caused, and its model changes. The filters keep \
      whole causal chains, as in `trace show`.
      """
  )

  @OptionGroup var options: TraceOptions

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("The page to write (default: FILE with .html).", valueName: "path"))
  var output: String?

  func run() throws {
    let (entries, forest) = try options.load()
    let page = try EmbeddedTrace(entries: entries, forest: forest).page(
      named: URL(fileURLWithPath: options.file).lastPathComponent)
    let path = output ?? Self.defaultOutput(for: options.file)
    do {
      try page.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      throw Failure(description: "Cannot write \(path): \(error.localizedDescription)")
    }
    print("wrote \(path)")
  }

  /// `session.jsonl` → `session.html`; `trace` → `trace.html`.
  static func defaultOutput(for file: String) -> String {
    let url = URL(fileURLWithPath: file)
    return url.pathExtension.isEmpty
      ? file + ".html" : url.deletingPathExtension().appendingPathExtension("html").relativePath
  }
}
