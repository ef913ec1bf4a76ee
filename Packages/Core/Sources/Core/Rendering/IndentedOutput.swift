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
  var limit: Int { .max }
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
