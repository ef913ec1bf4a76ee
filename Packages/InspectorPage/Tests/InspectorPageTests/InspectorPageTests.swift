import Foundation
import Testing

@testable import InspectorPage

@Suite("InspectorPage")
struct InspectorPageTests {
  /// A value a trace may hold: markup, a script's end, a comment's start, quotes, an ampersand,
  /// unicode and the two line separators JavaScript once treated as newlines.
  private static let awkward = "croissant 🥐 <b>\"bold\"</b> & </script><!-- 茶 \u{2028}\u{2029}"

  private static let lines = [
    #"{"kind":"start","time":0.000000,"format":2,"type":"App.Model"}"#,
    #"{"kind":"message","time":0.001000,"id":1,"cause":{"kind":"external"},"type":"App.Message","value":"#
      + #""croissant 🥐 <b>\"bold\"</b> & </script><!-- 茶 \#u{2028}\#u{2029}"}"#,
  ]

  /// The text of the page's embedded trace element.
  private func embedded(in page: String) throws -> String {
    let start = try #require(page.firstRange(of: #"<script type="application/x-ndjson" id="trace-lines""#))
    let open = try #require(page[start.upperBound...].firstRange(of: ">"))
    let end = try #require(page[open.upperBound...].firstRange(of: "</script>"))
    return String(page[open.upperBound..<end.lowerBound])
  }

  @Test("the live page has its style and script inline under the nonce its policy names, and no trace")
  func live() throws {
    let page = try InspectorPage.live()
    let nonce = try #require(page.contentSecurityPolicy.firstMatch(of: /'nonce-([0-9a-f]{32})'/)?.1)
    #expect(page.html.contains(#"<script nonce="\#(nonce)">"#))
    #expect(page.html.contains(#"<style nonce="\#(nonce)">"#))
    #expect(page.html.contains(#"content="\#(page.contentSecurityPolicy)""#))
    #expect(page.contentSecurityPolicy.contains("connect-src 'self'"))
    #expect(page.html.contains("function showTrace(text, name)"))
    #expect(!page.html.contains("{{") && !page.html.contains("/*{{"))
    #expect(!page.html.contains("application/x-ndjson"))
    #expect(page.html.contains("<title>Inspector</title>"))
  }

  @Test("two pages never share a nonce")
  func nonces() throws {
    #expect(try InspectorPage.live().contentSecurityPolicy != InspectorPage.live().contentSecurityPolicy)
  }

  @Test("a page with a trace embeds its lines, which parse back to the same values, and connects nowhere")
  func embedsTrace() throws {
    let page = try InspectorPage.showing(traceLines: Self.lines, named: "session.jsonl")
    let lines = try embedded(in: page.html).split(separator: "\n")
    #expect(lines.count == 2)
    let message = try #require(
      JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
    #expect(message["value"] as? String == Self.awkward)
    #expect(message["id"] as? Int == 1)
    #expect(page.contentSecurityPolicy.contains("connect-src 'none'"))
    #expect(page.html.contains("<title>session.jsonl · Inspector</title>"))
  }

  @Test("no value of the trace reaches the page as markup or ends its element")
  func escaped() throws {
    let page = try InspectorPage.showing(traceLines: Self.lines, named: "a <b>&\"'</script>")
    let json = try embedded(in: page.html)
    #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
    #expect(json.contains(#"\u003c/script\u003e\u003c!--"#) && json.contains(#"\u0026"#))
    #expect(json.contains(#"\u2028\u2029"#))
    // Two script elements end: the trace's and the page's, none inside a value.
    #expect(page.html.components(separatedBy: "</script>").count == 3)
    #expect(!page.html.contains("<b>"))
    #expect(page.html.contains(#"data-name="a &lt;b&gt;&amp;&quot;&#39;&lt;/script&gt;""#))
  }

  @Test("a trace holding a placeholder's text is embedded as it is")
  func placeholdersInTrace() throws {
    let line = #"{"kind":"message","time":0,"id":1,"value":"{{nonce}} /*{{script}}*/ <!--{{trace}}-->"}"#
    let page = try InspectorPage.showing(traceLines: [line], named: "t")
    #expect(try embedded(in: page.html).contains(#"{{nonce}} /*{{script}}*/ \u003c!--{{trace}}--\u003e"#))
  }

  @Test("the page is self-contained: no address, no external script, style, image or font")
  func selfContained() throws {
    let page = try InspectorPage.showing(traceLines: Self.lines, named: "t").html
    for reference in ["http:", "https:", "src=", "href=", "url(", "@import", "<link", "<iframe"] {
      #expect(!page.contains(reference), "the page contains \(reference)")
    }
  }
}
