/// The text of a Swift file, with what is code told apart from comments and string literals, so
/// that the scaffold's edits find their anchors by brackets and labels rather than by guessing
/// from lines.
///
/// It is not a parser: it knows comments (nested block comments too), string literals (multi-line,
/// raw, with interpolations) and brackets, which is all an edit of a manifest's array or a
/// struct's members needs. Offsets are UTF-8 byte offsets into ``bytes``.
struct SwiftSource {
  /// The file's UTF-8 bytes.
  let bytes: [UInt8]
  /// For each byte, whether it is code (not inside a comment or a string literal).
  let isCode: [Bool]
  /// For each byte, whether it is inside a comment.
  let isComment: [Bool]

  /// ``bytes`` with every comment and string literal replaced by spaces, line breaks kept.
  let codeBytes: [UInt8]

  /// What a byte is part of.
  enum Kind { case code, comment, string }

  /// Reads `text`.
  init(_ text: String) {
    bytes = Array(text.utf8)
    var kinds = [Kind](repeating: .code, count: bytes.count)
    var scanner = Scanner(bytes: bytes)
    scanner.scanCode(from: 0, inInterpolation: false, mask: &kinds)
    isCode = kinds.map { $0 == .code }
    isComment = kinds.map { $0 == .comment }
    codeBytes = zip(bytes, kinds).map { byte, kind in kind == .code || byte == .newline ? byte : .space }
  }

  /// The text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The text of `range`.
  func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

  /// The text with every comment and string literal blanked out (replaced by spaces, line breaks
  /// kept), so that patterns match code only and offsets stay the same.
  var code: String { String(decoding: codeBytes, as: UTF8.self) }

  // MARK: - Brackets

  /// The offset of the bracket that closes the one at `open` (`(`, `[` or `{`), or `nil`.
  func closing(_ open: Int) -> Int? {
    var depth = 0
    for offset in open..<bytes.count where isCode[offset] {
      if Self.opening.contains(bytes[offset]) {
        depth += 1
      } else if Self.closing.contains(bytes[offset]) {
        depth -= 1
        if depth == 0 { return offset }
      }
    }
    return nil
  }

  /// The offsets in `range` of code at bracket depth 0 relative to the range's start.
  func topLevelOffsets(in range: Range<Int>) -> [Int] {
    var depth = 0
    var offsets: [Int] = []
    for offset in range where isCode[offset] {
      let byte = bytes[offset]
      if Self.closing.contains(byte) { depth -= 1 }
      if depth == 0 { offsets.append(offset) }
      if Self.opening.contains(byte) { depth += 1 }
    }
    return offsets
  }

  /// The offsets where the value of each `label:` at the top level of `range` starts.
  ///
  /// - Parameters:
  ///   - label: An argument label such as `dependencies`.
  ///   - range: The arguments of a call, without its parentheses.
  /// - Returns: The offsets of the values' first bytes: empty if the label is not there.
  func values(of label: String, in range: Range<Int>) -> [Int] {
    let name = Array(label.utf8)
    return topLevelOffsets(in: range).compactMap { start in
      guard start + name.count <= range.upperBound, Array(bytes[start..<start + name.count]) == name,
        start == range.lowerBound || !Self.isIdentifier(bytes[start - 1])
      else { return nil }
      var offset = skipSpaces(from: start + name.count, end: range.upperBound)
      guard offset < range.upperBound, bytes[offset] == .colon else { return nil }
      offset = skipSpaces(from: offset + 1, end: range.upperBound)
      return offset < range.upperBound ? offset : nil
    }
  }

  /// The arguments of each call of `function` in the file (`Package` finds `Package(…)`,
  /// `.target` finds `.target(…)`): the ranges inside the parentheses.
  ///
  /// - Parameter function: A function's name, with a leading `.` for a static member.
  /// - Returns: The ranges, in file order.
  func arguments(ofCallsTo function: String) -> [Range<Int>] {
    let name = Array(function.utf8)
    var ranges: [Range<Int>] = []
    var start = 0
    while start + name.count <= bytes.count {
      defer { start += 1 }
      guard isCode[start], Array(bytes[start..<start + name.count]) == name,
        start == 0
          || !(Self.isIdentifier(bytes[start - 1]) || (name.first != .dot && bytes[start - 1] == .dot))
      else { continue }
      let open = start + name.count
      guard open < bytes.count, bytes[open] == .openParenthesis, isCode[open],
        let close = closing(open)
      else { continue }
      ranges.append(open + 1..<close)
    }
    return ranges
  }

  /// The first offset from `start` that is not a space, a tab, a line break or a comment.
  func skipSpaces(from start: Int, end: Int) -> Int {
    var offset = start
    while offset < end, isComment[offset] || Self.isSpace(bytes[offset]) { offset += 1 }
    return offset
  }

  /// The first offset from `start` that is not a space or a tab.
  func skipBlanks(from start: Int, end: Int) -> Int {
    var offset = start
    while offset < end, bytes[offset] == .space || bytes[offset] == .tab { offset += 1 }
    return offset
  }

  // MARK: - Lines

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

  // MARK: - Bytes

  private static let opening: Set<UInt8> = [.openParenthesis, .openBracket, .openBrace]
  private static let closing: Set<UInt8> = [.closeParenthesis, .closeBracket, .closeBrace]

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == .space || byte == .tab || byte == .newline || byte == .carriageReturn
  }

  static func isIdentifier(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || byte == 0x5F
  }
}

// MARK: - Scanning

extension SwiftSource {
  /// Marks comments and string literals in a mask of code bytes.
  private struct Scanner {
    let bytes: [UInt8]

    /// Scans code from `start` to the end, or in an interpolation to the `)` that closes it;
    /// returns the offset after where it stopped.
    @discardableResult
    mutating func scanCode(from start: Int, inInterpolation: Bool, mask: inout [Kind]) -> Int {
      var offset = start
      var depth = 0
      while offset < bytes.count {
        let byte = bytes[offset]
        if byte == .slash, next(offset) == .slash {
          let end = lineEndOffset(offset)
          for index in offset..<end { mask[index] = .comment }
          offset = end
        } else if byte == .slash, next(offset) == .asterisk {
          offset = scanBlockComment(from: offset, mask: &mask)
        } else if byte == .quote || (byte == .hash && startsRawString(offset)) {
          offset = scanString(from: offset, mask: &mask)
        } else {
          if inInterpolation {
            if byte == .openParenthesis { depth += 1 }
            if byte == .closeParenthesis {
              if depth == 0 { return offset + 1 }
              depth -= 1
            }
          }
          offset += 1
        }
      }
      return offset
    }

    private func next(_ offset: Int) -> UInt8? {
      offset + 1 < bytes.count ? bytes[offset + 1] : nil
    }

    private func lineEndOffset(_ offset: Int) -> Int {
      var end = offset
      while end < bytes.count, bytes[end] != .newline { end += 1 }
      return end
    }

    private func startsRawString(_ offset: Int) -> Bool {
      var end = offset
      while end < bytes.count, bytes[end] == .hash { end += 1 }
      return end < bytes.count && bytes[end] == .quote
    }

    private func scanBlockComment(from start: Int, mask: inout [Kind]) -> Int {
      var offset = start + 2
      var depth = 1
      while offset < bytes.count, depth > 0 {
        if bytes[offset] == .slash, next(offset) == .asterisk {
          depth += 1
          offset += 2
        } else if bytes[offset] == .asterisk, next(offset) == .slash {
          depth -= 1
          offset += 2
        } else {
          offset += 1
        }
      }
      for index in start..<min(offset, bytes.count) { mask[index] = .comment }
      return offset
    }

    /// Scans a string literal starting at `start` (its `#`s or its first quote); returns the offset
    /// after its end. Interpolations are code: their strings and comments are scanned in turn.
    private mutating func scanString(from start: Int, mask: inout [Kind]) -> Int {
      var offset = start
      var hashes = 0
      while bytes[offset] == .hash {
        hashes += 1
        offset += 1
      }
      let isMultiLine = offset + 2 < bytes.count && bytes[offset + 1] == .quote && bytes[offset + 2] == .quote
      let quotes = isMultiLine ? 3 : 1
      offset += quotes
      var literalStart = start
      while offset < bytes.count {
        if bytes[offset] == .backslash, matches(.hash, count: hashes, at: offset + 1) {
          let afterHashes = offset + 1 + hashes
          if afterHashes < bytes.count, bytes[afterHashes] == .openParenthesis {
            for index in literalStart..<afterHashes + 1 { mask[index] = .string }
            offset = scanCode(from: afterHashes + 1, inInterpolation: true, mask: &mask)
            literalStart = offset - 1
            continue
          }
          offset = afterHashes + 1
          continue
        }
        if !isMultiLine, bytes[offset] == .newline { break }
        if matches(.quote, count: quotes, at: offset), matches(.hash, count: hashes, at: offset + quotes) {
          offset += quotes + hashes
          break
        }
        offset += 1
      }
      let end = min(offset, bytes.count)
      for index in literalStart..<end { mask[index] = .string }
      return end
    }

    private func matches(_ byte: UInt8, count: Int, at offset: Int) -> Bool {
      offset + count <= bytes.count && bytes[offset..<offset + count].allSatisfy { $0 == byte }
    }
  }
}

extension UInt8 {
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
  static let slash = UInt8(ascii: "/")
  static let backslash = UInt8(ascii: "\\")
  static let asterisk = UInt8(ascii: "*")
  static let quote = UInt8(ascii: "\"")
  static let hash = UInt8(ascii: "#")
  static let colon = UInt8(ascii: ":")
  static let dot = UInt8(ascii: ".")
  static let comma = UInt8(ascii: ",")
  static let openParenthesis = UInt8(ascii: "(")
  static let closeParenthesis = UInt8(ascii: ")")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
}
