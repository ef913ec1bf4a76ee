/// Renders any value as text: on one line for logs, problem reports and traces, or one field per
/// line for test failures and their diffs.
///
/// The one renderer of the framework: the store's problem reports and ``ConsoleMonitor`` use
/// ``line(of:limit:)``, as do CoreTesting's failure messages and Tracing's `ValueRenderer`;
/// CoreTesting's `Dump` and `Diff` use ``lines(of:maxDepth:replySamples:)``. Both layouts walk a
/// value the same way:
///
/// - a ``Redacted`` value (``Secret``) prints its ``Redacted/redactedDescription`` wherever it sits;
/// - strings and characters print quoted and escaped, numbers and Booleans as written, metatypes
///   with their module (`Swift.Int`);
/// - a struct or class that describes itself (`CustomStringConvertible`: dates, URLs, identifiers)
///   prints its description, unless it holds a redacted field directly (its description is then not
///   trusted); a description with a line break prints quoted, so that a rendering stays on its lines;
/// - other structs and classes print `TypeName(label: value, …)`, enums `TypeName.case(payload)`,
///   optionals their wrapped value or `nil`, collections `[…]`, dictionaries `[key: value, …]`.
///
/// Sets and dictionaries print sorted by the renderings of their elements and keys, so that equal
/// values render alike whatever their iteration order (which differs between equal values of other
/// capacities, and between processes): a trace's replay compares renderings.
///
/// The layouts differ where their readers do. One line is short and cheap: nested enum cases print
/// as `.case`, and a set or dictionary of more than 256 elements prints its count
/// (`[1000 entries]`), because sorting renders every element before the first can be written (a
/// long rendering stops growing at its limit). Indented lines are compared and diffed: enum cases
/// keep their type's name, elements are labelled with their index (`[0]: …`), sets print as
/// `Set([…])` and dictionaries with their keys as labels, and a ``Reply`` expands into the messages
/// it builds for sample results.
package enum ValueRendering {
  /// A labelled result that ``lines(of:maxDepth:replySamples:)`` applies to every reply.
  package typealias ReplySample = (label: String, result: Result<any Sendable, any Error>)

  /// The rendering of `value` on one line: `TodoMessage.added(TodoItem(title: "Buy milk", …))`.
  ///
  /// - Parameters:
  ///   - value: Any value.
  ///   - limit: The longest rendering kept, in UTF-8 bytes; a longer one is cut and ends in `…`
  ///     (the walk stops soon after the limit, so a large value costs little more than the limit,
  ///     except that each set or dictionary of up to 256 elements renders them all to sort them).
  /// - Returns: The rendering, secrets redacted.
  package static func line(of value: Any, limit: Int) -> String {
    var output = LineOutput(limit: limit)
    render(value, into: &output, depth: .max, nested: false)
    return cut(output.text, limit: limit)
  }

  /// The rendering of `value`, one field or element per line, indented two spaces a level.
  ///
  /// - Parameters:
  ///   - value: Any value.
  ///   - maxDepth: Nesting below this depth prints as `…`.
  ///   - replySamples: Results applied to every reply inside `value`, each with its line label; the
  ///     reply renders as `Reply<Payload>(` then `label: message` for each sample it accepts.
  /// - Returns: The lines of the rendering.
  package static func lines(of value: Any, maxDepth: Int, replySamples: [ReplySample]) -> [String] {
    var output = IndentedOutput(replySamples: replySamples)
    render(value, into: &output, depth: maxDepth, nested: false)
    return output.lines
  }

  /// The indented rendering joined into one line with spaces: a dictionary key's label.
  private static func compactKey(_ value: Any) -> String {
    lines(of: value, maxDepth: 4, replySamples: []).map { String($0.drop { $0 == " " }) }
      .joined(separator: " ")
  }

  /// The type of `value` with its module: `TodoAPI.TodoMessage`, without the run-dependent context
  /// of private and local types.
  ///
  /// - Parameter value: Any value.
  /// - Returns: The qualified type name.
  package static func typeName(of value: Any) -> String {
    TypeTraits.of(value).qualifiedName
  }

  /// `text` cut to at most `limit` UTF-8 bytes, ending in `…` when it was longer.
  private static func cut(_ text: String, limit: Int) -> String {
    guard text.utf8.count > limit else { return text }
    var end = text.utf8.index(text.utf8.startIndex, offsetBy: Swift.max(limit - 3, 0))
    // Back to the start of a scalar: a byte 0b10xxxxxx continues one.
    while end > text.utf8.startIndex, UTF8.isContinuation(text.utf8[end]) {
      end = text.utf8.index(before: end)
    }
    return String(text[..<end]) + "…"
  }

  // MARK: - The walk

  private static func render(_ value: Any, into output: inout some RenderingOutput, depth: Int, nested: Bool)
  {
    guard !output.isFull else { return }
    let traits = TypeTraits.of(value)
    if traits.isRedacted, let redacted = value as? any Redacted {
      output.write(redacted.redactedDescription)
      return
    }
    if traits.isScalar {
      // A failed `as? String` cast costs a search of the conformance tables; the traits know.
      if traits.isString, let string = value as? String {
        if isPlain(string) {
          output.write("\"")
          output.write(string)
          output.write("\"")
        } else {
          output.write(string.debugDescription)
        }
      } else {
        output.write(traits.describe?(value) ?? String(describing: value))
      }
      return
    }
    if traits.isCharacter, let character = value as? Character {
      output.write(String(character).debugDescription)
      return
    }
    if traits.isMetatype {
      output.write(String(reflecting: value))
      return
    }
    if traits.isReply, output.expandsReplies, depth > 0, let reply = value as? any InspectableReply {
      renderReply(reply, into: &output, depth: depth)
      return
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .struct, .class:
      if mirror.children.isEmpty || (traits.isSelfDescribing && !hasRedactedChild(mirror)) {
        return output.write(description(of: value, traits))
      }
    case .optional, .enum, .collection, .set, .dictionary, .tuple:
      break
    default:
      return output.write(description(of: value, traits))
    }
    guard depth > 0 else { return output.write("…") }
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = mirror.children.first?.value {
        render(wrapped, into: &output, depth: depth, nested: nested)
      } else {
        output.write("nil")
      }
    case .enum:
      renderCase(value, mirror: mirror, traits: traits, into: &output, depth: depth, nested: nested)
    case .collection:
      let labels: Labels = output.labelsIndices ? .indices : .none
      renderChildren(mirror.children, labels: labels, open: "[", close: "]", into: &output, depth: depth)
    case .set:
      if output.sortsUnordered {
        let texts = mirror.children.map { child in
          (
            text: lines(of: child.value, maxDepth: 24, replySamples: []).joined(separator: "\n"),
            value: child.value
          )
        }
        let sorted = texts.sorted { $0.text < $1.text }.map { (String?.none, $0.value) }
        renderChildren(sorted, open: "Set([", close: "])", into: &output, depth: depth)
      } else {
        renderSortedLine(mirror, isDictionary: false, into: &output, depth: depth)
      }
    case .dictionary:
      renderDictionary(mirror, into: &output, depth: depth)
    case .tuple:
      renderChildren(mirror.children, labels: .named, open: "(", close: ")", into: &output, depth: depth)
    default:
      output.write(traits.shortName)
      renderChildren(mirror.children, labels: .all, open: "(", close: ")", into: &output, depth: depth)
    }
  }

  /// `TodoMessage.added(…)`; on one line, `.added(…)` inside another value.
  private static func renderCase(
    _ value: Any, mirror: Mirror, traits: TypeTraits, into output: inout some RenderingOutput, depth: Int,
    nested: Bool
  ) {
    if !nested || !output.shortensNestedCases { output.write(traits.shortName) }
    output.write(".")
    // A case with associated values is the mirror's only child, labelled with the case's name;
    // describing the whole value to find the name would print every associated value first.
    guard let child = mirror.children.first else {
      return output.write(String(describing: value))
    }
    output.write(child.label ?? "?")
    let fields = Mirror(reflecting: child.value)
    if fields.displayStyle == .tuple {
      renderChildren(fields.children, labels: .named, open: "(", close: ")", into: &output, depth: depth)
    } else {
      output.open("(")
      output.beginChild(label: nil, isFirst: true)
      render(child.value, into: &output, depth: depth - 1, nested: true)
      output.close(")", isEmpty: false)
    }
  }

  private static func renderDictionary(_ mirror: Mirror, into output: inout some RenderingOutput, depth: Int)
  {
    if output.sortsUnordered {
      var pairs: [(String?, Any)] = []
      for child in mirror.children {
        guard let (key, value) = pair(child.value) else { continue }
        pairs.append((compactKey(key), value))
      }
      pairs.sort { ($0.0 ?? "") < ($1.0 ?? "") }
      renderChildren(pairs, open: "[", close: "]", into: &output, depth: depth)
      return
    }
    renderSortedLine(mirror, isDictionary: true, into: &output, depth: depth)
  }

  /// How many elements a set or dictionary may hold to be sorted on one line; a larger one prints
  /// its count.
  private static let sortedLineLimit = 256

  /// On one line, a set's elements or a dictionary's entries sorted by the renderings of the
  /// elements or keys: `["a": 1, "b": 2]`; `[1000 entries]` past ``sortedLineLimit``.
  private static func renderSortedLine(
    _ mirror: Mirror, isDictionary: Bool, into output: inout some RenderingOutput, depth: Int
  ) {
    let count = mirror.children.count
    guard count <= sortedLineLimit else {
      return output.write("[\(count) \(isDictionary ? "entries" : "elements")]")
    }
    var sorted: [(text: String, value: Any?)] = []
    sorted.reserveCapacity(count)
    for child in mirror.children {
      var element = LineOutput(limit: output.limit)
      if isDictionary {
        guard let (key, value) = pair(child.value) else { continue }
        render(key, into: &element, depth: depth - 1, nested: true)
        sorted.append((element.text, value))
      } else {
        render(child.value, into: &element, depth: depth - 1, nested: true)
        sorted.append((element.text, nil))
      }
    }
    sorted.sort { $0.text < $1.text }
    output.open("[")
    for (index, entry) in sorted.enumerated() {
      output.beginChild(label: nil, isFirst: index == 0)
      output.write(entry.text)
      if let value = entry.value {
        output.write(": ")
        render(value, into: &output, depth: depth - 1, nested: true)
      }
      if output.isFull { break }
    }
    output.close(isDictionary && sorted.isEmpty ? ":]" : "]", isEmpty: sorted.isEmpty)
  }

  /// A dictionary entry's key and value, from the entry's mirror.
  private static func pair(_ entry: Any) -> (key: Any, value: Any)? {
    let children = Mirror(reflecting: entry).children
    guard children.count == 2, let key = children.first?.value, let value = children.dropFirst().first?.value
    else { return nil }
    return (key, value)
  }

  /// `Reply<Payload>(` then `sample: message` for each sample the reply accepts, then `)`.
  private static func renderReply(
    _ reply: any InspectableReply, into output: inout some RenderingOutput, depth: Int
  ) {
    let applied = output.replySamples.compactMap { sample in
      reply.message(forSample: sample.result).map { (Optional(sample.label), $0 as Any) }
    }
    renderChildren(applied, open: "Reply<\(reply.payloadType)>(", close: ")", into: &output, depth: depth)
  }

  /// Which labels a walk of a mirror's children prints.
  private enum Labels {
    /// Every child's label: a struct's or class's fields.
    case all
    /// Labels except the positional `.0`, `.1` of a tuple.
    case named
    /// The child's index: `[0]`.
    case indices
    /// No labels.
    case none
  }

  /// `open`, the children, `close`. A loop over the mirror's children, not a sequence built from
  /// them: a lazy sequence here is not specialised, and its metadata is looked up at run time.
  private static func renderChildren(
    _ children: Mirror.Children, labels: Labels, open: String, close: String,
    into output: inout some RenderingOutput, depth: Int
  ) {
    var index = 0
    output.open(open)
    for child in children {
      let label: String? =
        switch labels {
        case .all: child.label
        case .named: child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
        case .indices: "[\(index)]"
        case .none: nil
        }
      output.beginChild(label: label, isFirst: index == 0)
      index += 1
      render(child.value, into: &output, depth: depth - 1, nested: true)
      if output.isFull { break }
    }
    output.close(close, isEmpty: index == 0)
  }

  private static func renderChildren(
    _ children: [(String?, Any)], open: String, close: String,
    into output: inout some RenderingOutput, depth: Int
  ) {
    var isEmpty = true
    output.open(open)
    for (label, value) in children {
      output.beginChild(label: label, isFirst: isEmpty)
      isEmpty = false
      render(value, into: &output, depth: depth - 1, nested: true)
      if output.isFull { break }
    }
    output.close(close, isEmpty: isEmpty)
  }

  /// Whether `string`'s literal is the string between quotes: every byte is printable ASCII other
  /// than `"` and `\`, so `debugDescription`, and its walk of the string's scalars, would escape
  /// nothing.
  private static func isPlain(_ string: String) -> Bool {
    string.utf8.allSatisfy { byte in
      (0x20...0x7E).contains(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }
  }

  /// The value's own description, quoted when it spans lines.
  private static func description(of value: Any, _ traits: TypeTraits) -> String {
    let text = traits.describe?(value) ?? String(describing: value)
    return spansLines(text) ? text.debugDescription : text
  }

  /// Whether `text` holds a line break, without walking its characters unless a byte may start one
  /// (`\n` to `\r`, or the first byte of U+0085, U+2028 or U+2029).
  private static func spansLines(_ text: String) -> Bool {
    text.utf8.contains { (0x0A...0x0D).contains($0) || $0 == 0xC2 || $0 == 0xE2 }
      && text.contains(where: \.isNewline)
  }

  /// Whether a self-describing value holds a redacted field directly, so its own description must
  /// not be trusted.
  private static func hasRedactedChild(_ mirror: Mirror) -> Bool {
    mirror.children.contains { TypeTraits.of($0.value).isRedacted }
  }
}
