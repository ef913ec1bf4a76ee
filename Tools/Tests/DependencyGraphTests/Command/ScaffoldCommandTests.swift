import Foundation
import Testing

@testable import DependencyGraph

/// `depgraph scaffold` as `make feature` runs it: the built executable, its output and its exit status.
@Suite("depgraph scaffold")
struct ScaffoldCommandTests {
  /// Runs the built `depgraph scaffold` with `arguments` on `tree`.
  private func scaffold(
    _ arguments: [String], _ tree: FixtureTree
  ) throws -> (
    status: Int32, output: String, error: String
  ) {
    let executable = BuiltExecutable.url("depgraph")
    try #require(
      FileManager.default.isExecutableFile(atPath: executable.path),
      "depgraph is not built at \(executable.path): run the tests with `swift test`, which builds it")
    let result = try Subprocess.run(
      [executable.path, "scaffold"] + arguments + ["--root", tree.root.path], in: tree.root)
    return (result.status, String(decoding: result.standardOutput, as: UTF8.self), result.standardError)
  }

  @Test(
    "it wires the feature, regenerates the graph, exits with status 0, leaves no line to paste, and `depgraph check` passes"
  )
  func wires() throws {
    let tree = try FixtureTree("feature-app")
    defer { tree.remove() }
    try tree.write("# Fixture\n\n```mermaid\ngraph TD\n```\n", to: "README.md")
    let result = try scaffold(["Payments"], tree)
    #expect(result.status == 0, "\(result.error)")
    let swift = result.output.split(separator: "\n").filter { $0.hasPrefix("    .") }
    #expect(swift == [])
    #expect(
      try tree.read("App/Sources/todo/AppComposition.swift").contains(
        #".payments(\.payments)"#))
    #expect(
      try tree.read("App/Sources/todo/AppEnvironment+Payments.swift").contains(
        "extension AppEnvironment: PaymentsEnvironment {"))
    #expect(
      try tree.read("App/Package.swift").contains(
        #".product(name: "PaymentsImpl", package: "PaymentsImpl"),"#))
    // The scaffold regenerated the graph and the README's copy: `depgraph check` passes as it is.
    // The base fixture's 6 packages and 10 edges, plus Payments: API → Core, Impl → Core and API,
    // App → API and Impl.
    let graph = try tree.read("docs/dependency-graph.mmd")
    #expect(graph.contains("PaymentsImpl"))
    #expect(try tree.read("README.md") == "# Fixture\n\n```mermaid\n" + graph + "```\n")
    #expect(result.output.contains("Regenerated the dependency graph"))
    let depgraph = BuiltExecutable.url("depgraph").path
    let check = try Subprocess.run([depgraph, "check", "--root", tree.root.path], in: tree.root)
    let output = String(decoding: check.standardOutput, as: UTF8.self)
    #expect(check.status == 0, "\(output)\(check.standardError)")
    #expect(output == "depgraph check: 8 packages, 15 dependencies, every rule holds\n")
  }

  @Test(
    "when an anchor is missing it names the file, prints the lines to add by hand, writes nothing, exits 1")
  func refuses() throws {
    let tree = try FixtureTree("feature-app")
    defer { tree.remove() }
    try FileManager.default.removeItem(
      at: tree.root.appendingPathComponent("App/Sources/todo/AppModel.swift"))
    let before = try tree.snapshot()
    let result = try scaffold(["Payments"], tree)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(
      result.error.hasPrefix(
        "depgraph scaffold: cannot wire the feature into the App: App/Sources/todo: no file of the `todo` target "
          + "declares `struct AppModel`, the composition's model; nothing was written\n"))
    #expect(result.error.contains("depgraph scaffold Payments --print-only"))
    let wiring = FeatureWiring(feature: try FeatureName("Payments"))
    for line in wiring.packageDependencies + wiring.targetDependencies + [
      wiring.modelProperty, wiring.featureEntry,
    ] {
      #expect(result.error.contains("    \(line)\n"), "not printed: \(line)")
    }
    #expect(try tree.snapshot() == before)
  }

  @Test(
    "--after a feature the composition does not list is refused with nothing written; --first with --after too"
  )
  func afterUnknownFeature() throws {
    let tree = try FixtureTree("feature-app")
    defer { tree.remove() }
    let before = try tree.snapshot()
    let result = try scaffold(["Payments", "--after", "Todo"], tree)
    #expect(result.status == 1)
    #expect(
      result.error.hasPrefix(
        "depgraph scaffold: cannot wire the feature into the App: App/Sources/todo/AppComposition.swift: "
          + "its `features:` list has no entry for Todo to put the new feature after (it is empty); "
          + "nothing was written\n"))
    let both = try scaffold(["Payments", "--first", "--after", "Todo"], tree)
    #expect(both.status != 0)
    #expect(both.error.contains("--first and --after cannot be used together"))
    #expect(try tree.snapshot() == before)
  }

  @Test("with --print-only it creates the packages, leaves App/ alone and prints every line")
  func printOnly() throws {
    let tree = try FixtureTree("feature-app")
    defer { tree.remove() }
    let app = try tree.snapshot().filter { $0.key.hasPrefix("App/") }
    let result = try scaffold(["Payments", "--print-only"], tree)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains(#"    .package(path: "../Packages/PaymentsAPI"),"#))
    #expect(try tree.snapshot().filter { $0.key.hasPrefix("App/") } == app)
  }
}
