import Core

/// Renders values as indented, multi-line text for readable failure messages and diffs.
///
/// Structs and classes print their stored properties one per line, enums their case and payload,
/// collections their elements with indices, dictionaries and sets sorted, so that two renderings of
/// equal values are equal and a diff of two renderings points at the field that differs. Values
/// that describe themselves (dates, URLs, identifiers) print their description, and every `Redacted`
/// value (`Secret`) its redacted form. This is the indented layout of the renderer behind Core's
/// problem reports and Tracing's traces, so a value reads the same in all three.
///
/// A `Reply` (any `InspectableReply`) renders as the messages it builds for sample
/// results: ``ReplySample/failure`` always, then each of the given samples that fits its payload
/// type. That is how two commands carrying replies that build different messages render apart.
public enum Dump {
  /// The lines of `value`'s rendering.
  ///
  /// - Parameters:
  ///   - value: Any value.
  ///   - maxDepth: Nesting below this depth prints as `…`.
  /// - Returns: The rendering, one element per line.
  public static func lines(of value: Any, maxDepth: Int = 24) -> [String] {
    lines(of: value, maxDepth: maxDepth, sampleResults: [])
  }

  /// The lines of `value`'s rendering, with every reply inside it applied to `sampleResults`.
  ///
  /// - Parameters:
  ///   - value: Any value.
  ///   - maxDepth: Nesting below this depth prints as `…`.
  ///   - sampleResults: Results to apply to replies, besides ``ReplySample/failure``.
  /// - Returns: The rendering, one element per line.
  public static func lines(of value: Any, maxDepth: Int = 24, sampleResults: [ReplySample]) -> [String] {
    let samples = ([.failure] + sampleResults).map { (label: $0.label, result: $0.result) }
    return ValueRendering.lines(of: value, maxDepth: maxDepth, replySamples: samples)
  }

  /// The rendering of `value` as one string.
  ///
  /// - Parameter value: Any value.
  /// - Returns: The lines of ``lines(of:maxDepth:)`` joined with newlines.
  public static func text(of value: Any) -> String {
    lines(of: value).joined(separator: "\n")
  }

  /// The rendering on one line, as written in code: `Profile(name: "Ada")`.
  static func compactLine(of value: Any) -> String {
    var text = ""
    for line in lines(of: value, maxDepth: 4).map({ $0.trimmingLeadingSpaces() }) {
      let joins =
        text.isEmpty || text.hasSuffix("(") || text.hasSuffix("[") || line.hasPrefix(")")
        || line.hasPrefix("]")
      text += (joins ? "" : " ") + line
    }
    return text
  }
}

extension String {
  func trimmingLeadingSpaces() -> String {
    String(drop { $0 == " " })
  }
}
