import Foundation
import Testing

@testable import DependencyGraph

@Suite("Monorepo")
struct MonorepoTests {
  @Test("a graph that changed after `make graph` is reported stale, the embedded one included")
  func stale() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    #expect(try tree.generateAndCheck() == [])
    try tree.apply("stale")
    #expect(
      try tree.monorepo().check().map(\.description) == [
        "stale: docs/dependency-graph.mmd is out of date: run `make graph` and commit the result",
        "stale: docs/dependency-graph.dot is out of date: run `make graph` and commit the result",
        "stale: docs/dependency-graph.json is out of date: run `make graph` and commit the result",
        "stale: docs/architecture.md embeds an old graph: run `make graph` and commit the result",
      ])
  }

  @Test("missing graph documents are reported")
  func missing() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    #expect(
      try tree.monorepo().check().map(\.description) == [
        "stale: docs/dependency-graph.mmd is missing: run `make graph` and commit the result",
        "stale: docs/dependency-graph.dot is missing: run `make graph` and commit the result",
        "stale: docs/dependency-graph.json is missing: run `make graph` and commit the result",
        "stale: docs/architecture.md embeds an old graph: run `make graph` and commit the result",
      ])
  }

  @Test("the generated documents hold no machine path and are the same when generated twice")
  func generatedDocuments() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    let monorepo = try tree.monorepo()
    let graph = try monorepo.loadGraph()
    let first = try monorepo.generate(graph, drawsSVG: false)
    #expect(first.allSatisfy { $0.hasPrefix("wrote ") })
    let second = try monorepo.generate(graph, drawsSVG: false)
    #expect(second.allSatisfy { $0.hasSuffix(" is up to date") })
    for path in ["docs/dependency-graph.mmd", "docs/dependency-graph.dot", "docs/dependency-graph.json"] {
      let text = try tree.read(path)
      #expect(!text.contains(tree.root.path), "\(path) contains the machine's path")
      #expect(!text.contains("/tmp"), "\(path) contains a temporary path")
    }
  }

  @Test("the Mermaid graph is embedded between the markers of docs/architecture.md")
  func embedded() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    _ = try tree.monorepo().generate(drawsSVG: false)
    let mermaid = try tree.read("docs/dependency-graph.mmd")
    #expect(
      try tree.read("docs/architecture.md") == """
        # Architecture

        The graph:

        \(ArchitectureDocument.beginMarker)
        ```mermaid
        \(mermaid)```
        \(ArchitectureDocument.endMarker)

        After the graph.

        """)
  }

  @Test("the SVG is drawn where Graphviz is installed", .enabled(if: Monorepo.graphvizIsInstalled()))
  func svg() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    #expect(try tree.monorepo().generate().last == "wrote docs/dependency-graph.svg")
    let svg = try tree.read("docs/dependency-graph.svg")
    #expect(svg.contains("<svg"))
    #expect(!svg.contains(tree.root.path))
  }

  @Test("a folder without Packages/Core is refused")
  func notAMonorepo() throws {
    let directory = try TemporaryDirectory(prefix: "depgraph-empty")
    defer { directory.remove() }
    #expect(throws: ToolError.notAMonorepo(root: directory.url.path)) {
      try Monorepo(root: directory.url.path)
    }
  }
}
