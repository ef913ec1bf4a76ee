import Core

/// Renders values on one line for traces, redacting every `Redacted` value wherever it sits.
///
/// Types that describe themselves (`CustomStringConvertible`) are rendered by their description
/// unless they are containers of other values; everything else is walked with `Mirror`, so a
/// `Secret` inside a struct inside an enum payload still prints as `Secret(••••)`.
public enum ValueRenderer {
  /// The longest rendering kept; longer ones end in `…`.
  public static let defaultLimit = 300

  /// One-line rendering of `value`: `TodoMessage.added(TodoItem(title: "Buy milk", …))`.
  ///
  /// - Parameters:
  ///   - value: Any value.
  ///   - limit: The longest rendering kept, in UTF-8 bytes (renderings stop growing past it).
  /// - Returns: The rendering, secrets redacted.
  public static func render(_ value: Any, limit: Int = defaultLimit) -> String {
    var output = ""
    append(value, to: &output, limit: limit, nested: false)
    guard output.utf8.count > limit else { return output }
    var cut = output.utf8.index(output.utf8.startIndex, offsetBy: limit - 3)
    while !output.unicodeScalars.indices.contains(cut) { cut = output.utf8.index(before: cut) }
    return String(output[..<cut]) + "…"
  }

  /// The type of `value` with its module: `TodoAPI.TodoMessage`.
  ///
  /// - Parameter value: Any value.
  /// - Returns: The qualified type name.
  public static func typeName(of value: Any) -> String {
    TypeTraits.of(value).qualifiedName
  }

  private static func append(_ value: Any, to output: inout String, limit: Int, nested: Bool) {
    guard output.utf8.count <= limit else { return }
    let traits = TypeTraits.of(value)
    if traits.isRedacted, let redacted = value as? any Redacted {
      output += redacted.redactedDescription
      return
    }
    if traits.isScalar {
      // A failed `as? String` cast costs a search of the conformance tables; the traits know.
      if traits.isString, let string = value as? String {
        output += string.debugDescription
      } else {
        output += traits.describe?(value) ?? String(describing: value)
      }
      return
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = mirror.children.first?.value {
        append(wrapped, to: &output, limit: limit, nested: nested)
      } else {
        output += "nil"
      }
    case .enum:
      // `TodoMessage.added(…)` at the top; `.signedIn(…)` inside another value.
      output += nested ? "." : traits.shortName + "."
      // A case with associated values is the mirror's only child, labelled with the case's name;
      // describing the whole value to find the name would print every associated value first.
      guard let child = mirror.children.first else {
        output += String(describing: value)
        return
      }
      output += child.label ?? "?"
      let payload = child.value
      let fields = Mirror(reflecting: payload)
      if fields.displayStyle == .tuple {
        appendChildren(fields.children, to: &output, limit: limit)
      } else {
        output += "("
        append(payload, to: &output, limit: limit, nested: true)
        output += ")"
      }
    case .collection, .set:
      appendElements(mirror.children.lazy.map(\.value), to: &output, limit: limit)
    case .dictionary:
      output += "["
      var first = true
      for child in mirror.children {
        let pair = Array(Mirror(reflecting: child.value).children)
        guard pair.count == 2 else { continue }
        if !first { output += ", " }
        first = false
        append(pair[0].value, to: &output, limit: limit, nested: true)
        output += ": "
        append(pair[1].value, to: &output, limit: limit, nested: true)
        if output.utf8.count > limit { break }
      }
      output += first ? ":]" : "]"
    case .tuple:
      appendChildren(mirror.children, to: &output, limit: limit)
    case .struct, .class:
      if mirror.children.isEmpty || (traits.isSelfDescribing && !hasRedactedChild(mirror)) {
        output += String(describing: value)
      } else {
        output += traits.shortName
        appendChildren(mirror.children, to: &output, limit: limit)
      }
    default:
      output += String(describing: value)
    }
  }

  private static func appendChildren(_ children: Mirror.Children, to output: inout String, limit: Int) {
    output += "("
    var first = true
    for child in children {
      if !first { output += ", " }
      first = false
      if let label = child.label, !label.hasPrefix(".") { output += "\(label): " }
      append(child.value, to: &output, limit: limit, nested: true)
      if output.utf8.count > limit { break }
    }
    output += ")"
  }

  private static func appendElements(_ elements: some Sequence<Any>, to output: inout String, limit: Int) {
    output += "["
    var first = true
    for element in elements {
      if !first { output += ", " }
      first = false
      append(element, to: &output, limit: limit, nested: true)
      if output.utf8.count > limit { break }
    }
    output += "]"
  }

  /// Whether a self-describing value holds a redacted field directly, so its own description must
  /// not be trusted.
  private static func hasRedactedChild(_ mirror: Mirror) -> Bool {
    mirror.children.contains { TypeTraits.of($0.value).isRedacted }
  }
}
