import Core

/// Renders values as indented, multi-line text for readable failure messages and diffs.
///
/// Structs and classes print their stored properties one per line, enums their case and payload,
/// collections their elements with indices, dictionaries and sets sorted, so that two renderings of
/// equal values are equal and a diff of two renderings points at the field that differs.
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
    var renderer = Renderer(samples: [.failure] + sampleResults)
    renderer.render(value, label: nil, indent: 0, depth: maxDepth, trailer: "")
    return renderer.lines
  }

  /// The rendering of `value` as one string.
  ///
  /// - Parameter value: Any value.
  /// - Returns: The lines of ``lines(of:maxDepth:)`` joined with newlines.
  public static func text(of value: Any) -> String {
    lines(of: value).joined(separator: "\n")
  }

  /// Renders values into lines, applying replies to its samples.
  private struct Renderer {
    let samples: [ReplySample]
    var lines: [String] = []

    mutating func render(_ value: Any, label: String?, indent: Int, depth: Int, trailer: String) {
      let pad = String(repeating: "  ", count: indent)
      let prefix = pad + (label.map { "\($0): " } ?? "")
      if let reply = value as? any InspectableReply, depth > 0 {
        renderReply(reply, prefix: prefix, pad: pad, indent: indent, depth: depth, trailer: trailer)
        return
      }
      let mirror = Mirror(reflecting: value)
      if let scalar = Dump.scalarText(value, mirror: mirror) {
        lines.append(prefix + scalar + trailer)
        return
      }
      guard depth > 0 else {
        lines.append(prefix + "…" + trailer)
        return
      }
      let typeName = String(describing: type(of: value))
      switch mirror.displayStyle {
      case .optional:
        if let first = mirror.children.first {
          render(first.value, label: label, indent: indent, depth: depth, trailer: trailer)
        } else {
          lines.append(prefix + "nil" + trailer)
        }
      case .collection:
        renderChildren(
          mirror.children.enumerated().map { ("[\($0.offset)]", $0.element.value) },
          open: "[", close: "]", prefix: prefix, pad: pad, indent: indent, depth: depth, trailer: trailer)
      case .set:
        let elements = mirror.children.map(\.value).sorted { Dump.text(of: $0) < Dump.text(of: $1) }
        renderChildren(
          elements.map { (nil, $0) }, open: "Set([", close: "])", prefix: prefix, pad: pad, indent: indent,
          depth: depth, trailer: trailer)
      case .dictionary:
        let pairs = mirror.children.map { child -> (String, Any) in
          let pair = Array(Mirror(reflecting: child.value).children)
          return (Dump.oneLine(pair[0].value), pair[1].value)
        }.sorted { $0.0 < $1.0 }
        renderChildren(
          pairs.map { ($0.0, $0.1) }, open: "[", close: "]", prefix: prefix, pad: pad, indent: indent,
          depth: depth, trailer: trailer)
      case .enum:
        let caseName = String(describing: value).prefix { $0 != "(" }
        guard let payload = mirror.children.first else {
          lines.append(prefix + "\(typeName).\(caseName)" + trailer)
          return
        }
        let fields = Mirror(reflecting: payload.value)
        let labelled =
          fields.displayStyle == .tuple
          ? fields.children.map { ($0.label.flatMap { $0.hasPrefix(".") ? nil : $0 }, $0.value) }
          : [(nil, payload.value)]
        renderChildren(
          labelled, open: "\(typeName).\(caseName)(", close: ")", prefix: prefix, pad: pad, indent: indent,
          depth: depth, trailer: trailer)
      case .tuple:
        renderChildren(
          mirror.children.map { ($0.label.flatMap { $0.hasPrefix(".") ? nil : $0 }, $0.value) },
          open: "(", close: ")", prefix: prefix, pad: pad, indent: indent, depth: depth, trailer: trailer)
      default:
        renderChildren(
          mirror.children.map { ($0.label, $0.value) }, open: "\(typeName)(", close: ")", prefix: prefix,
          pad: pad, indent: indent, depth: depth, trailer: trailer)
      }
    }

    mutating func renderChildren(
      _ children: [(String?, Any)], open: String, close: String, prefix: String, pad: String, indent: Int,
      depth: Int, trailer: String
    ) {
      guard !children.isEmpty else {
        lines.append(prefix + open + close + trailer)
        return
      }
      lines.append(prefix + open)
      for (index, child) in children.enumerated() {
        render(
          child.1, label: child.0, indent: indent + 1, depth: depth - 1,
          trailer: index == children.count - 1 ? "" : ",")
      }
      lines.append(pad + close + trailer)
    }

    /// `Reply<Payload>(` then one `sample: message` line per sample that fits, then `)`.
    mutating func renderReply(
      _ reply: any InspectableReply, prefix: String, pad: String, indent: Int, depth: Int, trailer: String
    ) {
      let applied = samples.compactMap { sample in
        reply.message(forSample: sample.result).map { (Optional(sample.label), $0 as Any) }
      }
      renderChildren(
        applied, open: "Reply<\(reply.payloadType)>(", close: ")", prefix: prefix, pad: pad, indent: indent,
        depth: depth, trailer: trailer)
    }
  }

  private static func scalarText(_ value: Any, mirror: Mirror) -> String? {
    switch value {
    case let string as String: return string.debugDescription
    case let character as Character: return String(character).debugDescription
    case is any Numeric, is Bool: return String(describing: value)
    case is Any.Type: return String(reflecting: value)
    default: break
    }
    if mirror.displayStyle == nil && mirror.children.isEmpty {
      let text = String(describing: value)
      return text.contains("\n") ? text.debugDescription : text
    }
    if value is any CustomStringConvertible, !(value is any CustomReflectable),
      mirror.displayStyle == .struct || mirror.displayStyle == .class
    {
      // Types that print themselves (URLs, dates, IDs, redacted secrets) are shown as they choose.
      if !(value is any Collection) { return String(describing: value) }
    }
    return nil
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

  private static func oneLine(_ value: Any) -> String {
    lines(of: value, maxDepth: 4).map { $0.trimmingLeadingSpaces() }.joined(separator: " ")
  }
}

extension String {
  func trimmingLeadingSpaces() -> String {
    String(drop { $0 == " " })
  }
}
