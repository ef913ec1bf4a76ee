/// The edits of the App's Swift files that a new feature needs: an import, sorted with the file's
/// others, and a stored property after the model's last one.
enum SourceEdit {
  /// `text` with `declaration` (such as `public import PaymentsAPI`) among its imports.
  ///
  /// The import goes before the first import of a module that sorts after `module`, or after the
  /// last import, as `swift format`'s `OrderedImports` wants; a file without imports gets it at
  /// the top, after a leading comment that is not documentation, followed by a blank line.
  ///
  /// - Parameters:
  ///   - declaration: The import line, without indentation.
  ///   - module: The module it imports.
  ///   - text: The file's text.
  ///   - path: The file's path, for messages.
  /// - Returns: The new text.
  /// - Throws: ``ToolError/cannotWire(path:reason:)`` if the file already imports `module`.
  static func addingImport(
    _ declaration: String, of module: String, to text: String, path: String
  ) throws
    -> String
  {
    let source = SwiftSource(text)
    var lines = source.code.split(separator: "\n", omittingEmptySubsequences: false)
    let imports = lines.indices.compactMap { index in importedModule(lines[index]).map { (index, $0) } }
    if imports.contains(where: { $0.1 == module }) {
      throw ToolError.cannotWire(path: path, reason: "it already imports \(module)")
    }
    lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if let next = imports.first(where: { $0.1 > module }) {
      lines.insert(Substring(declaration), at: next.0)
    } else if let last = imports.last {
      lines.insert(Substring(declaration), at: last.0 + 1)
    } else {
      let header = lines.prefix { $0.hasPrefix("//") && !$0.hasPrefix("///") }.count
      if header > 0, header < lines.count, lines[header].isEmpty {
        lines.insert(contentsOf: [Substring(declaration), ""], at: header + 1)
      } else {
        lines.insert(contentsOf: (header > 0 ? [""] : []) + [Substring(declaration), ""], at: header)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The module imported by a line of code, or `nil` if the line is no import.
  private static func importedModule(_ line: Substring) -> String? {
    var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
    while let first = words.first, first.hasPrefix("@") || accessModifiers.contains(String(first)) {
      words = words.dropFirst()
    }
    guard words.first == "import", let module = words.dropFirst().last else { return nil }
    return String(module.split(separator: ".").first ?? module)
  }

  private static let accessModifiers: Set<String> = [
    "public", "package", "internal", "fileprivate", "private", "open",
  ]

  /// `text` with `lines` (a property and its documentation) added to the struct `type`, after its
  /// last instance property, indented like it; in a struct without one, first in its body.
  ///
  /// - Parameters:
  ///   - lines: The lines to add, without indentation.
  ///   - property: The property's name.
  ///   - type: The struct's name, such as `AppModel`.
  ///   - text: The file's text.
  ///   - path: The file's path, for messages.
  /// - Returns: The new text.
  /// - Throws: ``ToolError/cannotWire(path:reason:)`` if the file does not declare `struct <type>`
  ///   exactly once, or the struct already has a member named `property`.
  static func addingProperty(
    _ lines: [String], named property: String, toStruct type: String, in text: String, path: String
  ) throws -> String {
    let source = SwiftSource(text)
    let declarations = structDeclarations(of: type, in: source)
    guard declarations.count == 1, let declaration = declarations.first,
      let open = source.bytes[declaration...].indices.first(where: {
        source.isCode[$0] && source.bytes[$0] == .openBrace
      }),
      let close = source.closing(open)
    else {
      let count = declarations.count == 1 ? "an unclosed" : "\(declarations.count) declarations of"
      throw ToolError.cannotWire(path: path, reason: "it has \(count) `struct \(type)`")
    }
    var last: (start: Int, end: Int)?
    for start in memberStarts(in: open + 1..<close, of: source) {
      let words = source.codeBytes[start...]
        .prefix { $0 != .newline && $0 != .openBrace && $0 != .colon && $0 != .equal }
        .split(whereSeparator: { $0 == .space || $0 == .tab || $0 == .openParenthesis })
        .map { String(decoding: $0, as: UTF8.self) }
      guard let keyword = words.firstIndex(where: { ["var", "let", "func", "case"].contains($0) }) else {
        continue
      }
      if words.dropFirst(keyword + 1).first == property {
        throw ToolError.cannotWire(path: path, reason: "`\(type)` already has a member named \(property)")
      }
      guard words[keyword] == "var" || words[keyword] == "let",
        !words[..<keyword].contains("static") && !words[..<keyword].contains("class")
      else { continue }
      last = (start, declarationEnd(from: start, in: source))
    }
    let end = last.map(\.end) ?? source.lineEnd(open)
    let indentation =
      last.map { source.indentation(ofLineAt: $0.start) }
      ?? source.indentation(ofLineAt: declaration) + source.indentationUnit
    let inserted = lines.map { "\n" + indentation + $0 }.joined()
    return source.text(0..<end) + inserted + source.text(end..<source.bytes.count)
  }

  /// The offsets of the code `struct <type>` followed by a space, `:`, `<` or `{`.
  static func structDeclarations(of type: String, in source: SwiftSource) -> [Int] {
    let pattern = Array("struct \(type)".utf8)
    let bytes = source.bytes
    return bytes.indices.filter { start in
      let end = start + pattern.count
      return end < bytes.count && source.isCode[start] && Array(bytes[start..<end]) == pattern
        && (start == 0 || !SwiftSource.isIdentifier(bytes[start - 1]))
        && !SwiftSource.isIdentifier(bytes[end])
    }
  }

  /// The offsets of the first code of each line of `body` at its top level: the members'
  /// declarations, and lines that continue one at the same depth.
  private static func memberStarts(in body: Range<Int>, of source: SwiftSource) -> [Int] {
    let topLevel = Set(source.topLevelOffsets(in: body))
    var starts: [Int] = []
    var offset = body.lowerBound
    while offset < body.upperBound {
      let first = source.skipBlanks(from: offset, end: body.upperBound)
      if topLevel.contains(first) { starts.append(first) }
      offset = source.lineEnd(offset) + 1
    }
    return starts
  }

  /// The end of the declaration starting at `start`: the end of its first line where the brackets
  /// it opened are closed (a property written over several lines, or with a body, ends on its last).
  private static func declarationEnd(from start: Int, in source: SwiftSource) -> Int {
    var depth = 0
    for offset in start..<source.bytes.count {
      if source.bytes[offset] == .newline, depth <= 0 { return offset }
      guard source.isCode[offset] else { continue }
      switch source.bytes[offset] {
      case .openParenthesis, .openBracket, .openBrace: depth += 1
      case .closeParenthesis, .closeBracket, .closeBrace: depth -= 1
      default: break
      }
    }
    return source.bytes.count
  }
}

extension UInt8 {
  static let equal = UInt8(ascii: "=")
}
