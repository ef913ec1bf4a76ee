import Foundation
import Testing

@testable import DependencyGraph

/// The Mermaid, DOT and JSON drawings of a fixture with a package in every layer and a test-only
/// edge, compared with golden files in `Fixtures/golden`.
@Suite("Graph documents")
struct GraphDocumentsTests {
  /// The graph of the base fixture with the `all-layers` overlay, read once for every test.
  private static let graph = Result { () throws -> PackageGraph in
    let tree = try FixtureTree("all-layers")
    defer { tree.remove() }
    return try tree.monorepo().loadGraph()
  }

  /// The folder of the golden files.
  private static let golden = FixtureTree.fixtures.appendingPathComponent("golden")

  @Test("the fixture has a package in every layer and an edge used by tests only")
  func fixtureCoversEveryCase() throws {
    let graph = try Self.graph.get()
    #expect(Set(graph.packages.map(\.layer)) == Set(Layer.allCases))
    #expect(
      graph.edges.filter(\.isTestOnly) == [PackageGraph.Edge(from: "Tools", to: "Core", isTestOnly: true)])
  }

  @Test("an edge used by tests only is dashed in both drawings and marked in the JSON")
  func testOnlyEdge() throws {
    let documents = GraphDocuments(graph: try Self.graph.get())
    let text = Dictionary(uniqueKeysWithValues: documents.files.map { ($0.path, $0.content) })
    #expect(text[GraphDocuments.mermaidPath]?.contains("  pkg_Tools -. tests .-> pkg_Core\n") == true)
    #expect(
      text[GraphDocuments.dotPath]?.contains(
        "  \"Tools\" -> \"Core\" [style=dashed, label=\"tests\", fontsize=9];\n")
        == true)
    #expect(
      text[GraphDocuments.jsonPath]?.contains(
        "{\n      \"from\": \"Tools\",\n      \"to\": \"Core\",\n      \"testOnly\": true\n    }") == true)
  }

  @Test(
    "each document is the golden one",
    arguments: [GraphDocuments.mermaidPath, GraphDocuments.dotPath, GraphDocuments.jsonPath])
  func golden(path: String) throws {
    let documents = GraphDocuments(graph: try Self.graph.get())
    let actual = try #require(documents.files.first { $0.path == path }).content
    let name = URL(fileURLWithPath: path).lastPathComponent
    let expected = try String(contentsOf: Self.golden.appendingPathComponent(name), encoding: .utf8)
    guard actual != expected else { return }
    // Leave the new drawing where a reader can diff it and, if the change is intended, copy it over.
    let written = FileManager.default.temporaryDirectory.appendingPathComponent("depgraph-golden-\(name)")
    try Data(actual.utf8).write(to: written)
    Issue.record(
      """
      \(name) differs from Fixtures/golden/\(name); the new drawing is in \(written.path):
        diff \(Self.golden.appendingPathComponent(name).path) \(written.path)
      """)
  }
}
