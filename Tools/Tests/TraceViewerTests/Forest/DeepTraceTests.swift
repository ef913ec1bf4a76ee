import Foundation
import Testing
import TraceViewer
import Tracing

@Suite("Deep and malformed traces")
struct DeepTraceTests {
  @Test("a 100,000-link chain is read, built, printed, summarized and embedded, folded into shallow trees")
  func hundredThousandLinks() throws {
    let links = 100_000
    let contents = try TraceReader.read(data: Data(chainLines(links: links).utf8))
    let trace = Trace(entries: contents.entries)
    let forest = CausalForest(trace: trace)

    #expect(forest.nodes.count == 2 * links + 1)
    #expect(forest.roots.first?.message?.id == 1)
    #expect(depth(of: forest) <= CausalForest.foldDepth + 1)
    #expect(forest.roots.dropFirst().allSatisfy { $0.isContinuation })

    let tree = TreeRenderer().render(forest)
    #expect(tree.split(separator: "\n").count == 2 * links + 1)
    #expect(tree.contains("[continues from c"))

    let summary = TraceSummary(forest: forest)
    #expect(summary.longestChains.map(\.depth) == [links + 1])
    #expect(summary.longestChains.first?.messages.last?.id == UInt64(links + 1))
    #expect(SummaryRenderer().render(summary).contains("more"))

    #expect(EmbeddedTrace(entries: contents.entries, forest: forest).lines.count == links + 2)
  }

  @Test("a filter that matches inside a folded chain keeps the whole chain")
  func filterKeepsFoldedChain() throws {
    let trace = Trace(entries: try TraceReader.read(data: Data(chainLines(links: 500).utf8)).entries)
    let forest = CausalForest(trace: trace)
    let filtered = forest.filtered(by: TraceFilter(types: ["App.Last"]))
    #expect(filtered.nodes.count == forest.nodes.count)
  }

  @Test("a cause cycle built without the reader ends, each message shown once")
  func cycleInForest() {
    var builder = TraceBuilder()
    builder.message(
      1, at: 1, cause: TraceBuilder.command(2, from: 2), type: "App.Step", value: "Step.a",
      commands: [TraceCommand(id: 1, type: "App.Hop", value: "Hop()")])
    builder.message(
      2, at: 2, cause: TraceBuilder.command(1, from: 1), type: "App.Step", value: "Step.b",
      commands: [TraceCommand(id: 2, type: "App.Hop", value: "Hop()")])
    let forest = CausalForest(trace: Trace(entries: builder.entries))
    #expect(shape(of: forest) == ["m1(c1(m2(c2)))"])
    #expect(TraceSummary(forest: forest).longestChains.map(\.depth) == [2])
  }

  @Test("a message id recorded twice, one caused by a command the other emitted, ends")
  func repeatedIDInForest() {
    var builder = TraceBuilder()
    builder.message(
      1, at: 1, type: "App.Step", value: "Step.a",
      commands: [TraceCommand(id: 1, type: "App.Hop", value: "Hop()")])
    builder.message(2, at: 2, cause: TraceBuilder.command(1, from: 1), type: "App.Step", value: "Step.b")
    builder.message(1, at: 3, cause: TraceBuilder.command(1, from: 1), type: "App.Step", value: "Step.a")
    let forest = CausalForest(trace: Trace(entries: builder.entries))
    #expect(forest.nodes.compactMap(\.message).count == 3)
    _ = TreeRenderer().render(forest)
    _ = TraceSummary(forest: forest)
  }
}

/// A chain as `TraceRecorder` writes it (format 2): message 1 from outside emits command 1, whose
/// interpreter sends message 2, which emits command 2, …; the last message is an `App.Last`.
func chainLines(links: Int) -> String {
  var lines = [#"{"kind":"start","time":0.000000,"format":2,"type":"App.Model"}"#]
  lines.reserveCapacity(links + 2)
  for id in 1...(links + 1) {
    let time = String(format: "%.6f", Double(id) / 1_000_000)
    let cause =
      id == 1 ? #"{"kind":"external"}"# : #"{"kind":"command","command":\#(id - 1),"message":\#(id - 1)}"#
    let type = id == links + 1 ? "App.Last" : "App.Step"
    let commands = id == links + 1 ? "" : #","commands":[{"id":\#(id),"type":"App.Hop","value":"Hop()"}]"#
    lines.append(
      #"{"kind":"message","time":\#(time),"id":\#(id),"cause":\#(cause),"type":"\#(type)","value":"Step.next","handled":true\#(commands),"duration":30}"#
    )
  }
  return lines.joined(separator: "\n") + "\n"
}

/// The deepest nesting of the forest, counted in nodes from a root (a root alone is 1).
private func depth(of forest: CausalForest) -> Int {
  var deepest = 0
  var stack = forest.roots.map { ($0, 1) }
  while let (node, level) = stack.popLast() {
    deepest = max(deepest, level)
    stack += node.children.map { ($0, level + 1) }
  }
  return deepest
}
