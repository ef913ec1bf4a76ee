import Testing

@Suite("Source imports")
struct ImportCheckerTests {
  @Test("imports of local modules that the target does not depend on are reported, quoted ones are not")
  func undeclaredImports() throws {
    let tree = try FixtureTree("import")
    defer { tree.remove() }
    #expect(
      try tree.generateAndCheck() == [
        "import: AuthenticationAPI → TodoAPI: Packages/AuthenticationAPI/Tests/AuthenticationAPITests/"
          + "SessionTests.swift:4 imports TodoAPI, which target AuthenticationAPITests does not depend on",
        "import: TodoAPI → TodoImpl: Packages/TodoAPI/Sources/TodoAPI/Leak.swift:5 imports TodoImpl, "
          + "which target TodoAPI does not depend on",
      ])
  }
}
