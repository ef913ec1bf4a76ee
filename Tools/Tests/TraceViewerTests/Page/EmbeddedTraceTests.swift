import Foundation
import Testing
import TraceViewer
import Tracing

@Suite("EmbeddedTrace")
struct EmbeddedTraceTests {
  /// The lines read back as a trace file.
  private func reread(_ lines: [String]) throws -> [TraceEntry] {
    try TraceReader.read(data: Data((lines.joined(separator: "\n") + "\n").utf8)).entries
  }

  /// The text of the page's embedded trace element.
  private func embedded(in page: String) throws -> String {
    let start = try #require(page.firstRange(of: #"<script type="application/x-ndjson" id="trace-lines""#))
    let open = try #require(page[start.upperBound...].firstRange(of: ">"))
    let end = try #require(page[open.upperBound...].firstRange(of: "</script>"))
    return String(page[open.upperBound..<end.lowerBound])
  }

  @Test("unfiltered, every line is kept, and read back it gives the same forest")
  func everyLine() throws {
    let lines = EmbeddedTrace(entries: SampleTrace.entries, forest: SampleTrace.forest).lines
    #expect(lines.count == SampleTrace.entries.count)
    #expect(CausalForest(trace: Trace(entries: try reread(lines))) == SampleTrace.forest)
  }

  @Test("a filtered forest keeps the start line and its chains' lines, the drop of its subscription included")
  func filtered() throws {
    let stray = SampleTrace.forest.filtered(by: TraceFilter(types: ["Stray"]))
    let strayEntries = try reread(EmbeddedTrace(entries: SampleTrace.entries, forest: stray).lines)
    #expect(strayEntries.map(\.kind) == [.start, .message])
    #expect(strayEntries.last?.id == 7)

    let ticks = SampleTrace.forest.filtered(by: TraceFilter(features: ["Notifications"]))
    let tickEntries = try reread(EmbeddedTrace(entries: SampleTrace.entries, forest: ticks).lines)
    #expect(CausalForest(trace: Trace(entries: tickEntries)) == ticks)
    #expect(tickEntries.filter { $0.kind == .dropped }.map(\.value) == ["NotificationsMessage.tick(3)"])
    #expect(tickEntries.filter { $0.kind == .message }.compactMap(\.id) == [4, 5])
  }

  @Test("a repeat stays a reference while its first message is kept, and is written in full when not")
  func repeats() throws {
    let file = """
      {"kind":"start","time":0.000000,"format":2,"type":"App.Model"}
      {"kind":"message","time":0.001000,"id":1,"cause":{"kind":"external"},"type":"App.Tick","value":"Tick()","payload":"{}","handled":true}
      {"kind":"message","time":0.002000,"id":2,"cause":{"kind":"external"},"like":1,"handled":true}

      """
    let entries = try TraceReader.read(data: Data(file.utf8)).entries
    let forest = CausalForest(trace: Trace(entries: entries))
    let whole = EmbeddedTrace(entries: entries, forest: forest).lines
    #expect(whole[2].contains(#""like":1"#) && !whole[2].contains("Tick()"))
    let later = EmbeddedTrace(entries: entries, forest: forest.filtered(by: TraceFilter(from: 0.0015))).lines
    #expect(later.count == 2)
    #expect(!later[1].contains("like") && later[1].contains(#""type":"App.Tick","value":"Tick()""#))
    #expect(try reread(later).last?.value == "Tick()")
    #expect(!(whole + later).contains { $0.contains("payload") })
  }

  @Test("a message from a tool keeps its cause")
  func toolCause() throws {
    var builder = TraceBuilder()
    builder.message(1, at: 1, cause: TraceCause(tool: "inspector"), type: "T.M", value: "M.add")
    let forest = CausalForest(trace: Trace(entries: builder.entries))
    let lines = EmbeddedTrace(entries: builder.entries, forest: forest).lines
    #expect(lines.last?.contains(#""cause":{"kind":"tool","tool":"inspector"}"#) == true)
  }

  @Test("the page is the inspector's, with the lines embedded, escaped, under the trace's name")
  func page() throws {
    let trace = EmbeddedTrace(entries: SampleTrace.entries, forest: SampleTrace.forest)
    let page = try trace.page(named: SampleTrace.awkwardTitle)
    #expect(page.contains("function showTrace(text, name)"))
    #expect(page.contains(#"<a id="export""#))
    let json = try embedded(in: page)
    #expect(!json.contains("<") && !json.contains(">"))
    #expect(json.contains(#"croissant 🥐 \u003cb\u003e"#))
    let lines = json.split(separator: "\n").map(String.init)
    #expect(try reread(lines) == reread(trace.lines))
    #expect(json.contains(#"password: Secret(••••)"#))
    #expect(page.components(separatedBy: "</script>").count == 3)
    #expect(
      page.contains(
        "<title>Café ☕ &amp; croissant 🥐 &lt;b&gt;&quot;bold&quot;&lt;/b&gt; 茶 &lt;/script&gt; · "))
  }
}
