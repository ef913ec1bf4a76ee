import Foundation
import Testing
import Tracing

@testable import TraceViewer

@Suite("HTMLRenderer")
struct HTMLRendererTests {
  private let page: String

  init() throws {
    page = try HTMLRenderer(title: SampleTrace.awkwardTitle).render(SampleTrace.forest, of: SampleTrace.trace)
  }

  /// The text of the `<script type="application/json">` block.
  private func embeddedJSON() throws -> String {
    let start = try #require(page.firstRange(of: #"<script type="application/json" id="trace-data">"#))
    let end = try #require(page[start.upperBound...].firstRange(of: "</script>"))
    return String(page[start.upperBound..<end.lowerBound])
  }

  @Test("the page is self-contained: no address, no external script, style, image or font")
  func selfContained() {
    for reference in ["http", "://", "\"//", "src=", "href=", "url(", "@import", "<link", "<iframe"] {
      #expect(!page.contains(reference), "the page contains \(reference)")
    }
  }

  @Test("values with markup, quotes, ampersands and unicode never reach the page as markup")
  func escaped() throws {
    #expect(!page.contains("<b>"))
    #expect(!page.contains("croissant 🥐 <"))
    // Two script elements end: the JSON block and the viewer's script, none inside a value.
    #expect(page.components(separatedBy: "</script>").count == 3)
    let json = try embeddedJSON()
    #expect(json.contains(#"croissant 🥐 \u003cb\u003e"#))
    #expect(json.contains(#"\u0026"#))
    #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
    #expect(
      page.contains(
        "<title>Trace · Café ☕ &amp; croissant 🥐 &lt;b&gt;&quot;bold&quot;&lt;/b&gt; 茶 &lt;/script&gt;</title>"
      ))
  }

  @Test("the embedded JSON parses back to every message, command, subscription and drop, values intact")
  func jsonBlock() throws {
    let data = try JSONDecoder().decode(TimelineData.self, from: Data(try embeddedJSON().utf8))
    #expect(data.messages.map(\.id).sorted() == Array(1...8))
    #expect(data.commands.map(\.id).sorted() == [1, 2, 3, 4])
    #expect(data.subscriptions.map(\.id) == [1])
    #expect(data.drops.count == 1)
    #expect(data.title == SampleTrace.awkwardTitle)
    let loaded = try #require(data.messages.first { $0.id == 3 })
    #expect(loaded.changes.first?.after == SampleTrace.awkwardTitle.debugDescription)
    #expect(loaded.cause == TimelineData.Cause(kind: "command", command: 2, message: 2))
    #expect(data.commands.first { $0.id == 3 }?.error == "disk full")
  }

  @Test("a message sent from a tool keeps its cause in the page's data, and the panel names the tool")
  func toolCause() throws {
    var builder = TraceBuilder()
    builder.message(1, at: 1, cause: TraceCause(tool: "inspector"), type: "T.M", value: "M.add")
    let trace = Trace(entries: builder.entries)
    let page = try HTMLRenderer(title: "t").render(CausalForest(trace: trace), of: trace)
    let start = try #require(page.firstRange(of: #"id="trace-data">"#))
    let end = try #require(page[start.upperBound...].firstRange(of: "</script>"))
    let data = try JSONDecoder().decode(
      TimelineData.self, from: Data(page[start.upperBound..<end.lowerBound].utf8))
    #expect(data.messages.first?.cause == TimelineData.Cause(kind: "tool", tool: "inspector"))
    #expect(page.contains(#"" — from " + item.rec.cause.tool"#))
  }

  @Test("a filtered forest draws only its chains")
  func filtered() throws {
    let page = try HTMLRenderer(title: "t").render(
      SampleTrace.forest.filtered(by: TraceFilter(types: ["Stray"])), of: SampleTrace.trace)
    let start = try #require(page.firstRange(of: #"id="trace-data">"#))
    let end = try #require(page[start.upperBound...].firstRange(of: "</script>"))
    let data = try JSONDecoder().decode(
      TimelineData.self, from: Data(page[start.upperBound..<end.lowerBound].utf8))
    #expect(data.messages.map(\.id) == [7])
  }

  @Test("HTML escaping covers the five special characters and leaves the rest")
  func escaping() {
    #expect(
      HTMLRenderer.escape(#"<a href="x">'&'</a> é"#)
        == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt; é")
    #expect(
      HTMLRenderer.scriptSafe(#"{"v":"</script><!--&"}"#) == #"{"v":"\u003c/script\u003e\u003c!--\u0026"}"#)
  }
}
