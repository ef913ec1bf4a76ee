import Foundation

/// Writes a ``CausalForest`` as one self-contained HTML page: a timeline of messages and commands
/// with their causal links, and a panel with each message's value, cause chain, commands and
/// model changes.
///
/// The page needs no network: its style and script are inline, and the trace is embedded as JSON in
/// a `<script type="application/json">` block, in which every `<`, `>` and `&` is escaped
/// (`\u003c`…) so that no value can close the block. The script puts every value into the page as
/// text, never as markup.
public struct HTMLRenderer: Sendable {
  /// The page's title, usually the trace file's name.
  public var title: String

  /// Creates a renderer.
  ///
  /// - Parameter title: The page's title, usually the trace file's name.
  public init(title: String) {
    self.title = title
  }

  /// The page.
  ///
  /// - Parameters:
  ///   - forest: The forest to draw, filtered or not.
  ///   - trace: The trace it comes from, for the model's type and the recording's start.
  /// - Returns: The HTML document.
  /// - Throws: An encoding error, which would be a defect of the viewer.
  public func render(_ forest: CausalForest, of trace: Trace) throws -> String {
    let data = TimelineData(title: title, trace: trace, forest: forest)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = Self.scriptSafe(String(decoding: try encoder.encode(data), as: UTF8.self))
    let title = Self.escape(title)
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Trace · \(title)</title>
      <style>
      \(TimelineStyle.css)
      </style>
      </head>
      <body>
      <header>
      <h1>Trace <span class="file">\(title)</span></h1>
      <p id="stats"></p>
      <div id="legend"></div>
      <span id="key">● message &nbsp;▬ command &nbsp;◆ subscription &nbsp;✕ dropped &nbsp;○ unhandled</span>
      <label class="toggle"><input type="checkbox" id="by-time"> place by time</label>
      </header>
      <main>
      <section id="timeline-box"><div id="lanes"></div><div id="scroller"><svg id="timeline"></svg></div></section>
      <aside id="panel"></aside>
      </main>
      <div id="tooltip" hidden></div>
      <noscript>This page draws the trace with JavaScript. Without it, use <code>trace show</code>.</noscript>
      <script type="application/json" id="trace-data">\(json)</script>
      <script>
      \(TimelineScript.source)
      </script>
      </body>
      </html>

      """
  }

  /// Escapes text for HTML content and attribute values.
  static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// JSON that can sit inside a `<script>` element: the characters that could end the element or
  /// start a comment are written as JSON escapes, which `JSON.parse` reads back unchanged. They only
  /// occur inside strings, since JSON's syntax uses none of them.
  static func scriptSafe(_ json: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(json.utf8.count)
    for scalar in json.unicodeScalars {
      switch scalar {
      case "<": escaped += "\\u003c"
      case ">": escaped += "\\u003e"
      case "&": escaped += "\\u0026"
      case "\u{2028}": escaped += "\\u2028"
      case "\u{2029}": escaped += "\\u2029"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
