import SwiftSyntax

/// An array literal in a Swift file, such as a manifest's `dependencies: [ … ]`, and the edit that
/// adds entries to it in the file's own layout.
struct ArrayLiteral {
  /// The file.
  let source: SwiftSource
  /// The offset of `[`.
  let open: Int
  /// The offset of `]`.
  let close: Int
  /// Each element's text, without the spaces, comments and comma around it, in order.
  let elements: [Range<Int>]

  /// The array `array` of `source`'s tree.
  init(_ array: ArrayExprSyntax, in source: SwiftSource) {
    self.source = source
    open = SwiftSource.offset(of: array.leftSquare)
    close = SwiftSource.offset(of: array.rightSquare)
    elements = array.elements.map { SwiftSource.range(of: $0.expression) }
  }

  /// The text of each element.
  var texts: [String] { elements.map(source.text) }

  /// Whether `[` and `]` are on different lines.
  var isMultiLine: Bool { source.bytes[open..<close].contains(.newline) }

  /// The file's text with `entries` added to the array after the element at `index` (at the end
  /// if `nil`, at the start if -1), each on its own line, indented like the elements.
  ///
  /// In an array written on several lines, the entries go on new lines after that element's line,
  /// and the element gets a comma if it had none. An array written on one line is laid out on
  /// several: one element per line, one level deeper than the line of `[`, with a trailing comma,
  /// as `swift format` lays out a long array.
  ///
  /// - Parameters:
  ///   - entries: The entries, each with its trailing comma.
  ///   - index: The index of the element to insert after; `nil` for the last, -1 for none (the
  ///     entries go first).
  /// - Returns: The file's new text.
  func inserting(_ entries: [String], after index: Int? = nil) -> String {
    let bytes = source.bytes
    if index == -1, isMultiLine, let first = elements.first {
      let indentation = source.indentation(ofLineAt: first.lowerBound)
      let end = source.lineEnd(open)
      return source.text(0..<end) + entries.map { "\n" + indentation + $0 }.joined()
        + source.text(end..<bytes.count)
    }
    guard isMultiLine else {
      let outer = source.indentation(ofLineAt: open)
      let inner = outer + source.indentationUnit
      var lines = texts.map { $0 + "," }
      lines.insert(contentsOf: entries, at: index.map { $0 + 1 } ?? lines.count)
      let laidOut = "[\n" + lines.map { inner + $0 + "\n" }.joined() + outer + "]"
      return source.text(0..<open) + laidOut + source.text(close + 1..<bytes.count)
    }
    guard let element = index.flatMap({ elements.indices.contains($0) ? elements[$0] : nil }) ?? elements.last
    else {
      let indentation = source.indentation(ofLineAt: close) + source.indentationUnit
      let end = source.lineEnd(open)
      return source.text(0..<end) + entries.map { "\n" + indentation + $0 }.joined()
        + source.text(end..<bytes.count)
    }
    let indentation = source.indentation(ofLineAt: element.lowerBound)
    let afterElement = source.skipSpaces(from: element.upperBound, end: close)
    let hasComma = afterElement < close && bytes[afterElement] == .comma
    let end = source.lineEnd(hasComma ? afterElement : element.upperBound)
    let inserted = entries.map { "\n" + indentation + $0 }.joined()
    if hasComma {
      return source.text(0..<end) + inserted + source.text(end..<bytes.count)
    }
    return source.text(0..<element.upperBound) + "," + source.text(element.upperBound..<end) + inserted
      + source.text(end..<bytes.count)
  }
}
