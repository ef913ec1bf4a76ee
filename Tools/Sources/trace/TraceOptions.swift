import ArgumentParser
import Foundation
import TraceViewer
import Tracing

/// The trace file and the filters every subcommand takes.
struct TraceOptions: ParsableArguments {
  @Argument(help: "The trace file (JSON Lines).")
  var file: String

  @Option(
    name: .customLong("type"),
    help: ArgumentHelp(
      "Keep the chains with a message of this type (`TodoMessage`, `TodoAPI.TodoMessage`) or case "
        + "(`TodoMessage.loaded`). Repeat to accept several.", valueName: "type"))
  var types: [String] = []

  @Option(
    name: .customLong("feature"),
    help: ArgumentHelp(
      "Keep the chains with a message of this feature, spelled `Todo` or `TodoAPI` (case-sensitive). "
        + "Repeat to accept several.", valueName: "feature"))
  var features: [String] = []

  @Option(help: ArgumentHelp("Keep the chains with a message at or after this time.", valueName: "seconds"))
  var from: Double?

  @Option(help: ArgumentHelp("Keep the chains with a message at or before this time.", valueName: "seconds"))
  var to: Double?

  /// The filter the options describe.
  var filter: TraceFilter { TraceFilter(types: types, features: features, from: from, to: to) }

  /// Reads the file and builds its forest, filtered; notes a torn last line on standard error.
  func load() throws -> (entries: [TraceEntry], forest: CausalForest) {
    let contents: TraceReader.Contents
    do {
      contents = try TraceReader.read(path: file)
    } catch let error as TraceReader.MalformedLine {
      throw Failure(description: "\(file): \(error)")
    } catch {
      throw Failure(description: "Cannot read \(file): \(error.localizedDescription)")
    }
    if contents.skippedTornLastLine {
      printError(
        "note: the last line of \(file) was cut short (the process was killed while writing) and is skipped")
    }
    let trace = Trace(entries: contents.entries)
    return (contents.entries, CausalForest(trace: trace).filtered(by: filter))
  }
}
