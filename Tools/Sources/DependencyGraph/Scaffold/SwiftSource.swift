import SwiftParser
import SwiftSyntax

/// The text of a Swift file and its syntax tree, parsed by swift-syntax, so that the scaffold's
/// edits find their anchors in the code (calls, labels, arrays, structs, imports) and never in
/// comments or string literals, and keep the rest of the file byte for byte.
///
/// Offsets are UTF-8 byte offsets into ``bytes``, as swift-syntax's `AbsolutePosition`s are.
struct SwiftSource {
  /// The file's UTF-8 bytes.
  let bytes: [UInt8]
  /// The file's syntax tree.
  let tree: SourceFileSyntax
  /// For each byte, whether it is inside a comment.
  let isComment: [Bool]

  /// Parses `text`.
  init(_ text: String) {
    bytes = Array(text.utf8)
    tree = Parser.parse(source: text)
    var isComment = [Bool](repeating: false, count: bytes.count)
    for token in tree.tokens(viewMode: .sourceAccurate) {
      for (trivia, start) in [
        (token.leadingTrivia, token.position.utf8Offset),
        (token.trailingTrivia, token.endPositionBeforeTrailingTrivia.utf8Offset),
      ] {
        var offset = start
        for piece in trivia {
          let length = piece.sourceLength.utf8Length
          if piece.isComment {
            for index in offset..<min(offset + length, bytes.count) { isComment[index] = true }
          }
          offset += length
        }
      }
    }
    self.isComment = isComment
  }

  /// The text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The text of `range`.
  func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

  // MARK: - Syntax

  /// The range of `node`'s text, without the spaces and comments around it.
  static func range(of node: some SyntaxProtocol) -> Range<Int> {
    node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
  }

  /// The offset of `token`'s first byte, after its leading spaces and comments.
  static func offset(of token: TokenSyntax) -> Int {
    token.positionAfterSkippingLeadingTrivia.utf8Offset
  }

  /// Each call in the file of `function` (`Package` finds `Package(…)`, `.target` finds
  /// `.target(…)`, with no base before the dot), in file order.
  ///
  /// - Parameter function: A function's name, with a leading `.` for a static member.
  /// - Returns: The calls.
  func calls(to function: String) -> [FunctionCallExprSyntax] {
    let isMember = function.hasPrefix(".")
    let name = isMember ? String(function.dropFirst()) : function
    return tree.descendants(FunctionCallExprSyntax.self).filter { call in
      if isMember, let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
        return member.base == nil && member.declName.baseName.text == name
      }
      if !isMember, let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
        return reference.baseName.text == name
      }
      return false
    }
  }

  // MARK: - Lines

  /// The first offset from `start` that is not a space, a tab, a line break or a comment.
  func skipSpaces(from start: Int, end: Int) -> Int {
    var offset = start
    while offset < end, isComment[offset] || Self.isSpace(bytes[offset]) { offset += 1 }
    return offset
  }

  /// The offset where the line holding `offset` starts.
  func lineStart(_ offset: Int) -> Int {
    var start = offset
    while start > 0, bytes[start - 1] != .newline { start -= 1 }
    return start
  }

  /// The offset of the line break ending the line holding `offset`, or the end of the file.
  func lineEnd(_ offset: Int) -> Int {
    var end = offset
    while end < bytes.count, bytes[end] != .newline { end += 1 }
    return end
  }

  /// The number (from 0) of the line holding `offset`.
  func lineIndex(_ offset: Int) -> Int {
    bytes[..<offset].count { $0 == .newline }
  }

  /// The spaces and tabs that start the line holding `offset`.
  func indentation(ofLineAt offset: Int) -> String {
    let start = lineStart(offset)
    var end = start
    while end < bytes.count, bytes[end] == .space || bytes[end] == .tab { end += 1 }
    return text(start..<end)
  }

  /// One level of indentation, as the file indents: the shortest indentation of its lines, or two
  /// spaces if no line is indented.
  var indentationUnit: String {
    var lines = text.split(separator: "\n").map { $0.prefix { $0 == " " || $0 == "\t" } }
    lines.removeAll { $0.isEmpty }
    return lines.min { $0.count < $1.count }.map(String.init) ?? "  "
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == .space || byte == .tab || byte == .newline || byte == .carriageReturn
  }
}

extension SyntaxProtocol {
  /// The nodes of type `Node` under this one, in file order.
  func descendants<Node: SyntaxProtocol>(_ type: Node.Type) -> [Node] {
    var nodes: [Node] = []
    var stack = [Syntax(self)]
    while let node = stack.popLast() {
      if let match = node.as(Node.self) { nodes.append(match) }
      stack.append(contentsOf: node.children(viewMode: .sourceAccurate).reversed())
    }
    return nodes
  }
}

extension UInt8 {
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
  static let comma = UInt8(ascii: ",")
}
