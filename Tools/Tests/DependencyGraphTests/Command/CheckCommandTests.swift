import Foundation
import Testing

@testable import DependencyGraph

/// `depgraph check` as CI runs it: the built executable, its output and its exit status.
@Suite("depgraph check")
struct CheckCommandTests {
  /// Runs the built `depgraph check` on `tree`.
  private func check(_ tree: FixtureTree) throws -> (status: Int32, output: String, error: String) {
    let executable = BuiltExecutable.url("depgraph")
    try #require(
      FileManager.default.isExecutableFile(atPath: executable.path),
      "depgraph is not built at \(executable.path): run the tests with `swift test`, which builds it")
    let result = try Subprocess.run([executable.path, "check", "--root", tree.root.path], in: tree.root)
    return (result.status, String(decoding: result.standardOutput, as: UTF8.self), result.standardError)
  }

  @Test("on a monorepo that obeys every rule it says so and exits with status 0")
  func clean() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    #expect(try tree.generateAndCheck() == [])
    let result = try check(tree)
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(result.output == "depgraph check: 6 packages, 10 dependencies, every rule holds\n")
    #expect(result.error == "")
  }

  @Test("on a monorepo that breaks a rule it prints the violation and exits with status 1")
  func violation() throws {
    let tree = try FixtureTree("api-boundary")
    defer { tree.remove() }
    _ = try tree.monorepo().generate(drawsSVG: false)
    let result = try check(tree)
    #expect(result.status == 1)
    #expect(
      result.output
        == "api-boundary: TodoAPI → AuthenticationImpl: an API package may depend only on Core and other API "
        + "packages\n")
    #expect(result.error == "depgraph check: 1 violation\n")
  }
}
