import Foundation

/// The inspector's page, one HTML document with its style and script inline: live, for the
/// inspector's server to serve, or with a trace embedded, for `trace html` to write to a file.
///
/// Both are the same page and the same script, which reads trace lines (the format of
/// `docs/tracing.md`) from the inspector's WebSocket, from a file the user opens, or from the trace
/// embedded in it. The page puts every value in as text, never as markup, and its
/// Content-Security-Policy lets no script or style run but its own.
///
/// ```swift
/// let page = try InspectorPage.showing(traceLines: lines, named: "session.jsonl")
/// try page.html.write(toFile: "session.html", atomically: true, encoding: .utf8)
/// ```
public struct InspectorPage: Sendable {
  /// The document.
  public let html: String
  /// The page's Content-Security-Policy, which its `<meta>` also carries: its inline style and
  /// script, under a nonce of this page, and nothing else; the live page may also connect to the
  /// origin that served it. A server adds what only a header can say (`frame-ancestors`).
  public let contentSecurityPolicy: String

  /// The live page, which connects to the WebSocket at `/ws` of the server that serves it.
  ///
  /// - Returns: The page, under a new nonce.
  /// - Throws: ``MissingResource`` if the page's files are not in the module's resources.
  public static func live() throws -> InspectorPage {
    try InspectorPage(title: "Inspector", connects: true, trace: "")
  }

  /// A page that shows a trace as it loads, offline, as if the user had opened the trace's file in
  /// it.
  ///
  /// The lines are embedded in a `<script type="application/x-ndjson">` element, one a line, each
  /// `<`, `>` and `&` written as a JSON escape (`\u003c`…), which `JSON.parse` reads back
  /// unchanged, so that no value can end the element or open a comment. They occur only inside
  /// JSON strings, so the lines stay the same JSON.
  ///
  /// - Parameters:
  ///   - lines: The trace's lines, each one JSON object without its newline.
  ///   - name: What the page calls the trace, usually its file's name.
  /// - Returns: The page, under a new nonce.
  /// - Throws: ``MissingResource`` if the page's files are not in the module's resources.
  public static func showing(
    traceLines lines: some Sequence<String>, named name: String
  ) throws -> InspectorPage {
    var trace = #"<script type="application/x-ndjson" id="trace-lines" data-name=""# + escaped(name) + #"">"#
    for line in lines {
      trace += "\n"
      trace += scriptSafe(line)
    }
    trace += "\n</script>"
    return try InspectorPage(title: escaped(name) + " · Inspector", connects: false, trace: trace)
  }

  private init(title: String, connects: Bool, trace: String) throws {
    let nonce = Self.newNonce()
    contentSecurityPolicy =
      "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; "
      + "connect-src \(connects ? "'self'" : "'none'"); img-src 'self' data:; base-uri 'none'; form-action 'none'"
    let filled = try Self.read("index.html")
      .replacingOccurrences(of: "{{nonce}}", with: nonce)
      .replacingOccurrences(of: "{{policy}}", with: contentSecurityPolicy)
      .replacingOccurrences(of: "{{title}}", with: title)
      .replacingOccurrences(of: "/*{{style}}*/", with: Self.read("inspector.css"))
      .replacingOccurrences(of: "/*{{script}}*/", with: Self.read("inspector.js"))
    // Last and once, so that nothing in the trace is taken for a placeholder.
    guard let slot = filled.range(of: "<!--{{trace}}-->") else {
      throw MissingResource(description: "The inspector's index.html has no place for a trace.")
    }
    html = filled.replacingCharacters(in: slot, with: trace)
  }

  // MARK: - Resources

  /// The page's files are missing from the module's resources: a build that did not copy them.
  public struct MissingResource: Error, CustomStringConvertible {
    /// What is missing.
    public let description: String
  }

  private static func read(_ name: String) throws -> String {
    guard let folder = Bundle.module.url(forResource: "page", withExtension: nil) else {
      throw MissingResource(description: "The inspector's page is missing from its resources.")
    }
    do {
      return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    } catch {
      throw MissingResource(description: "Cannot read the inspector's \(name): \(error)")
    }
  }

  // MARK: - Escaping

  /// 16 random bytes from the system's generator, as hex.
  private static func newNonce() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<16).map { _ in
      let hex = String(UInt8.random(in: .min ... .max, using: &generator), radix: 16)
      return hex.count == 1 ? "0" + hex : hex
    }.joined()
  }

  /// Text for HTML content and attribute values.
  static func escaped(_ text: String) -> String {
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

  /// A line of JSON that can sit inside a `<script>` element.
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
