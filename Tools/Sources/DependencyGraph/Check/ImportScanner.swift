import SwiftParser
import SwiftSyntax

/// Finds the `import` declarations of a Swift source file without compiling it, with swift-syntax's
/// parser.
///
/// An `import` in a comment or a string literal, such as a code template, is no declaration of the
/// syntax tree, so it is not found. Every form of import is recognised: `import X`,
/// `@testable import X`, `public import X`, `@_spi(S) @preconcurrency internal import X`,
/// `import struct X.Y`, `import X.Submodule`, and imports inside `#if` blocks.
enum ImportScanner {
  /// An import declaration.
  struct Import: Equatable, Sendable {
    /// The imported module (the first component of the path).
    var module: String
    /// The 1-based line it is on.
    var line: Int
  }

  /// The imports in `source`, in order.
  ///
  /// - Parameter source: The text of a Swift file.
  /// - Returns: Each imported module with its line.
  static func imports(in source: String) -> [Import] {
    let tree = Parser.parse(source: source)
    let converter = SourceLocationConverter(fileName: "", tree: tree)
    return tree.descendants(ImportDeclSyntax.self).compactMap { declaration in
      guard let module = declaration.path.first?.name.text else { return nil }
      let line = converter.location(for: declaration.importKeyword.positionAfterSkippingLeadingTrivia).line
      return Import(module: module, line: line)
    }
  }
}
