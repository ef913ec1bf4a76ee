import Testing

@testable import DependencyGraph

@Suite("ImportScanner")
struct ImportScannerTests {
  private func modules(_ source: String) -> [String] {
    ImportScanner.imports(in: source).map(\.module)
  }

  @Test("every form of import declaration is found, with its module")
  func forms() {
    let source = """
      import A
      @testable import B
      public import C
      internal import D
      package import E
      @_spi(Internal) @preconcurrency import F
      import struct G.Type
      import H.Submodule
      @_exported import I; import J
      """
    #expect(modules(source) == ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"])
  }

  @Test("imports in comments and string literals are ignored")
  func quoted() {
    let source = ###"""
      // import A
      /* import B /* nested */ import C */
      let d = "import D"
      let e = """
        import E \(d.count) "
        """
      let f = #"import F \#(d)"#
      let g = ##"""
        import G "# still inside
        """##
      import H
      """###
    #expect(modules(source) == ["H"])
  }

  @Test("imports inside `#if` blocks are found, and an import's attributes may be on the line before")
  func conditional() {
    let source = """
      #if canImport(Darwin)
        import Darwin
      #else
        import Glibc
      #endif
      @testable
      import K
      """
    #expect(
      ImportScanner.imports(in: source) == [
        ImportScanner.Import(module: "Darwin", line: 2), ImportScanner.Import(module: "Glibc", line: 4),
        ImportScanner.Import(module: "K", line: 7),
      ])
  }

  @Test("lines are counted from one")
  func lines() {
    #expect(ImportScanner.imports(in: "\n\nimport A\n") == [ImportScanner.Import(module: "A", line: 3)])
  }

  @Test("words that merely start with import are not imports")
  func lookalikes() {
    #expect(modules("importance = 1\nlet imported = true\nfunc `import`() {}") == [])
  }
}
