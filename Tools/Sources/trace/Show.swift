import ArgumentParser
import TraceViewer

/// `trace show FILE`: the causal tree and, on request, the summary.
struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the causal tree of a trace and, with --summary, its summary.",
    discussion: """
      Each tree starts at a message sent from outside the loop (the UI), or at a subscription; below \
      a message are the commands its update emitted (→ c…), below a command the messages its \
      interpreter sent. Filters keep whole causal chains: every tree that contains a matching message \
      is printed entire, so a match is always shown with what led to it and what followed. Times are \
      seconds since recording started. The summary counts messages per type and lists the slowest and \
      failed commands, the problems and the longest chains.
      """
  )

  @OptionGroup var options: TraceOptions

  @Flag(help: "Print the summary after the tree.")
  var summary = false

  @Flag(help: "Do not print the tree (with --summary: the summary alone).")
  var noTree = false

  @Option(help: ArgumentHelp("Cut values longer than this; 0 for no limit.", valueName: "characters"))
  var width = 120

  func run() throws {
    let forest = try options.load().forest
    let valueWidth = width > 0 ? width : nil
    var parts: [String] = []
    if !noTree {
      parts.append(
        forest.roots.isEmpty ? "(no message matches)\n" : TreeRenderer(valueWidth: valueWidth).render(forest))
    }
    if summary {
      parts.append(SummaryRenderer(valueWidth: valueWidth).render(TraceSummary(forest: forest)))
    }
    print(parts.joined(separator: "\n"), terminator: "")
  }
}
