import SwiftSyntax

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
    let imports = source.tree.statements.compactMap { statement -> (Int, String)? in
      guard let declaration = statement.item.as(ImportDeclSyntax.self), let first = declaration.path.first
      else { return nil }
      return (source.lineIndex(SwiftSource.range(of: declaration).lowerBound), first.name.text)
    }
    if imports.contains(where: { $0.1 == module }) {
      throw ToolError.cannotWire(path: path, reason: "it already imports \(module)")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
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
      declaration.memberBlock.rightBrace.presence == .present
    else {
      let count = declarations.count == 1 ? "an unclosed" : "\(declarations.count) declarations of"
      throw ToolError.cannotWire(path: path, reason: "it has \(count) `struct \(type)`")
    }
    var last: VariableDeclSyntax?
    for member in declaration.memberBlock.members {
      let decl = member.decl
      if memberNames(decl).contains(property) {
        throw ToolError.cannotWire(path: path, reason: "`\(type)` already has a member named \(property)")
      }
      guard let variable = decl.as(VariableDeclSyntax.self),
        !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
      else { continue }
      last = variable
    }
    let open = SwiftSource.offset(of: declaration.memberBlock.leftBrace)
    let end = last.map { source.lineEnd(SwiftSource.range(of: $0).upperBound) } ?? source.lineEnd(open)
    let indentation =
      last.map { source.indentation(ofLineAt: SwiftSource.offset(of: $0.bindingSpecifier)) }
      ?? source.indentation(ofLineAt: SwiftSource.offset(of: declaration.structKeyword))
      + source.indentationUnit
    let inserted = lines.map { "\n" + indentation + $0 }.joined()
    return source.text(0..<end) + inserted + source.text(end..<source.bytes.count)
  }

  /// The declarations of `struct <type>` in the file, nested ones too.
  static func structDeclarations(of type: String, in source: SwiftSource) -> [StructDeclSyntax] {
    source.tree.descendants(StructDeclSyntax.self).filter { $0.name.text == type }
  }

  /// The names of the members that `struct <type>` and its extensions declare in the file.
  static func memberNames(of type: String, in source: SwiftSource) -> [String] {
    let structs = structDeclarations(of: type, in: source).map(\.memberBlock)
    let extensions = source.tree.descendants(ExtensionDeclSyntax.self)
      .filter { $0.extendedType.trimmedDescription == type }.map(\.memberBlock)
    return (structs + extensions).flatMap { $0.members.flatMap { memberNames($0.decl) } }
  }

  /// The names a member declares: a property's (each of its bindings), a function's, an enum
  /// case's.
  private static func memberNames(_ decl: DeclSyntax) -> [String] {
    if let variable = decl.as(VariableDeclSyntax.self) {
      return variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
    }
    if let function = decl.as(FunctionDeclSyntax.self) { return [function.name.text] }
    if let cases = decl.as(EnumCaseDeclSyntax.self) { return cases.elements.map(\.name.text) }
    return []
  }
}
