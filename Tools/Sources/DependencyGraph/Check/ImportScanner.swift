/// Finds the `import` declarations of a Swift source file without compiling it.
///
/// Comments and string literals (including multi-line, raw and interpolated ones) are blanked
/// first, so an `import` inside a string, such as a code template, is not taken for a declaration.
/// Every form of import is recognised: `import X`, `@testable import X`, `public import X`,
/// `@_spi(S) @preconcurrency internal import X`, `import struct X.Y`, `import X.Submodule`.
enum ImportScanner {
  /// An import declaration.
  struct Import: Equatable, Sendable {
    /// The imported module (the first component of the path).
    var module: String
    /// The 1-based line it is on.
    var line: Int
  }

  private static let modifiers: Set<Substring> = [
    "public", "package", "internal", "fileprivate", "private", "open",
  ]
  private static let kinds: Set<Substring> = [
    "typealias", "struct", "class", "enum", "protocol", "let", "var", "func",
  ]

  /// The imports in `source`, in order.
  ///
  /// - Parameter source: The text of a Swift file.
  /// - Returns: Each imported module with its line.
  static func imports(in source: String) -> [Import] {
    var imports: [Import] = []
    for (offset, line) in code(of: source).split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      for statement in line.split(separator: ";") {
        if let module = importedModule(in: statement) {
          imports.append(Import(module: module, line: offset + 1))
        }
      }
    }
    return imports
  }

  /// The module that `statement` imports, if it is an import declaration.
  private static func importedModule(in statement: Substring) -> String? {
    var rest = statement.drop(while: \.isWhitespace)
    while rest.first == "@" {
      rest = rest.dropFirst().drop(while: isIdentifierCharacter)
      if rest.first == "(" {
        guard let close = rest.firstIndex(of: ")") else { return nil }
        rest = rest[rest.index(after: close)...]
      }
      rest = rest.drop(while: \.isWhitespace)
    }
    var words = rest.split(whereSeparator: \.isWhitespace)[...]
    while let first = words.first, modifiers.contains(first) { words = words.dropFirst() }
    guard words.first == "import" else { return nil }
    words = words.dropFirst()
    if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
    guard let path = words.first else { return nil }
    let module = path.prefix(while: isIdentifierCharacter)
    return module.isEmpty ? nil : String(module)
  }

  private static func isIdentifierCharacter(_ character: Character) -> Bool {
    character == "_" || character.isLetter || character.isNumber
  }

  // MARK: - Blanking comments and strings

  private enum Mode {
    /// Code; `parentheses` counts open parentheses inside a string interpolation.
    case code(parentheses: Int)
    case blockComment(depth: Int)
    case string(hashes: Int, multiline: Bool)
  }

  /// `source` with comments and string literals replaced by spaces; line breaks are kept.
  static func code(of source: String) -> String {
    let bytes = Array(source.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var modes: [Mode] = [.code(parentheses: 0)]
    var index = 0

    func matches(_ text: String, at position: Int) -> Bool {
      let pattern = Array(text.utf8)
      guard position + pattern.count <= bytes.count else { return false }
      return Array(bytes[position..<(position + pattern.count)]) == pattern
    }

    func hashes(at position: Int) -> Int {
      var count = 0
      while position + count < bytes.count, bytes[position + count] == UInt8(ascii: "#") { count += 1 }
      return count
    }

    func skip(_ count: Int) {
      for offset in 0..<count where index + offset < bytes.count {
        output.append(bytes[index + offset] == UInt8(ascii: "\n") ? UInt8(ascii: "\n") : UInt8(ascii: " "))
      }
      index += count
    }

    while index < bytes.count {
      let byte = bytes[index]
      switch modes[modes.count - 1] {
      case .code(let parentheses):
        if matches("//", at: index) {
          while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { skip(1) }
        } else if matches("/*", at: index) {
          modes.append(.blockComment(depth: 1))
          skip(2)
        } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\""),
          matches("\"", at: index + hashes(at: index))
        {
          let count = hashes(at: index)
          let multiline = matches("\"\"\"", at: index + count)
          modes.append(.string(hashes: count, multiline: multiline))
          skip(count + (multiline ? 3 : 1))
        } else if byte == UInt8(ascii: "("), modes.count > 1 {
          modes[modes.count - 1] = .code(parentheses: parentheses + 1)
          output.append(byte)
          index += 1
        } else if byte == UInt8(ascii: ")"), modes.count > 1 {
          if parentheses == 0 {
            modes.removeLast()  // the end of an interpolation: back in the string
            skip(1)
          } else {
            modes[modes.count - 1] = .code(parentheses: parentheses - 1)
            output.append(byte)
            index += 1
          }
        } else {
          output.append(byte)
          index += 1
        }
      case .blockComment(let depth):
        if matches("/*", at: index) {
          modes[modes.count - 1] = .blockComment(depth: depth + 1)
          skip(2)
        } else if matches("*/", at: index) {
          if depth == 1 {
            modes.removeLast()
          } else {
            modes[modes.count - 1] = .blockComment(depth: depth - 1)
          }
          skip(2)
        } else {
          skip(1)
        }
      case .string(let count, let multiline):
        let delimiter = String(repeating: "#", count: count)
        if byte == UInt8(ascii: "\\"), hashes(at: index + 1) == count {
          if matches("(", at: index + 1 + count) {
            modes.append(.code(parentheses: 0))
            skip(count + 2)
          } else {
            skip(count + 2)  // an escaped character
          }
        } else if matches((multiline ? "\"\"\"" : "\"") + delimiter, at: index) {
          modes.removeLast()
          skip((multiline ? 3 : 1) + count)
        } else if !multiline, byte == UInt8(ascii: "\n") {
          modes.removeLast()  // an unterminated literal: do not let it swallow the file
          skip(1)
        } else {
          skip(1)
        }
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
