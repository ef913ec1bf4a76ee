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
