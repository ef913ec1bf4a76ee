import ArgumentParser
import Foundation
import TraceViewer

/// `trace html FILE`: one self-contained HTML page with the timeline.
struct HTML: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write a trace as one self-contained HTML page: a timeline with causal links and details.",
    discussion: """
      The page needs no network: style, script and data are inline. Click a message to see its \
      value, its cause chain, the commands it emitted and its model changes. The filters keep whole \
      causal chains, as in `trace show`.
      """
  )

  @OptionGroup var options: TraceOptions

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("The page to write (default: FILE with .html).", valueName: "path"))
  var output: String?

  func run() throws {
    let (trace, forest) = try options.load()
    let page = try HTMLRenderer(title: URL(fileURLWithPath: options.file).lastPathComponent).render(
      forest, of: trace)
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
