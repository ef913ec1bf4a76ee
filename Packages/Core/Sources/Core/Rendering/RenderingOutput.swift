/// Where a walk writes, and the choices that differ between one line and indented lines.
protocol RenderingOutput {
  /// Whether the rendering is long enough: the walk stops adding to it.
  var isFull: Bool { get }
  /// Whether an enum nested in another value prints as `.case` rather than `Type.case`.
  var shortensNestedCases: Bool { get }
  /// Whether collection elements are labelled with their index.
  var labelsIndices: Bool { get }
  /// Whether sets and dictionaries are sorted by their elements' renderings.
  var sortsUnordered: Bool { get }
  /// Whether a reply expands into the messages it builds for ``replySamples``; on one line it
  /// prints its description, `Reply<Payload>`.
  var expandsReplies: Bool { get }
  /// The samples replies are applied to.
  var replySamples: [ValueRendering.ReplySample] { get }

  /// Appends text where the rendering stands.
  mutating func write(_ text: String)
  /// Appends the opening of a group of children: `TypeName(`, `[`.
  mutating func open(_ text: String)
  /// Starts a child of the innermost group, with its label if it has one.
  mutating func beginChild(label: String?, isFirst: Bool)
  /// Appends the closing of the innermost group.
  mutating func close(_ text: String, isEmpty: Bool)
}

/// One line, growing until a little past its limit: `Item(title: "a", tags: ["x"])`.
struct LineOutput: RenderingOutput {
  let limit: Int
  var text = ""

  init(limit: Int) { self.limit = limit }

  var isFull: Bool { text.utf8.count > limit }
  var shortensNestedCases: Bool { true }
  var labelsIndices: Bool { false }
  var sortsUnordered: Bool { false }
  var replySamples: [ValueRendering.ReplySample] { [] }
  var expandsReplies: Bool { false }

  mutating func write(_ text: String) { self.text += text }

  mutating func open(_ text: String) { self.text += text }

  mutating func beginChild(label: String?, isFirst: Bool) {
    if !isFirst { text += ", " }
    if let label {
      text += label
      text += ": "
    }
  }

  mutating func close(_ text: String, isEmpty: Bool) { self.text += text }
}

/// One field or element per line, two spaces deeper a level, a comma after all but the last.
struct IndentedOutput: RenderingOutput {
  let replySamples: [ValueRendering.ReplySample]
  var lines = [""]
  private var level = 0

  init(replySamples: [ValueRendering.ReplySample]) { self.replySamples = replySamples }

  var isFull: Bool { false }
  var shortensNestedCases: Bool { false }
  var labelsIndices: Bool { true }
  var sortsUnordered: Bool { true }
  var expandsReplies: Bool { true }

  mutating func write(_ text: String) { lines[lines.count - 1] += text }

  mutating func open(_ text: String) {
    write(text)
    level += 1
  }

  mutating func beginChild(label: String?, isFirst: Bool) {
    if !isFirst { write(",") }
    lines.append(String(repeating: "  ", count: level) + (label.map { "\($0): " } ?? ""))
  }

  mutating func close(_ text: String, isEmpty: Bool) {
    level -= 1
    if isEmpty {
      write(text)
    } else {
      lines.append(String(repeating: "  ", count: level) + text)
    }
  }
}
