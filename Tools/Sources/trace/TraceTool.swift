import ArgumentParser

/// `trace`: shows a causal trace recorded by Core's `TraceRecorder`.
///
/// The work is done by the `TraceViewer` library; these commands read the file, parse arguments
/// and print.
@main
struct TraceTool: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trace",
    abstract:
      "Shows a causal trace (JSON Lines written by TraceRecorder) as a tree, a summary or an HTML page.",
    discussion: "The trace format and how to record one are explained in docs/tracing.md.",
    subcommands: [Show.self, HTML.self]
  )
}
