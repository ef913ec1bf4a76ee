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

  @Test("a docs/architecture.md without the depgraph markers is reported stale, not skipped")
  func markersRemoved() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    let monorepo = try tree.monorepo()
    let graph = try monorepo.loadGraph()
    _ = try monorepo.generate(graph, drawsSVG: false)
    #expect(monorepo.check(graph) == [])
    let guide = try tree.read("docs/architecture.md")
    let withoutMarkers = guide.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("<!-- depgraph:") }.joined(separator: "\n")
    try tree.write(withoutMarkers, to: "docs/architecture.md")
    #expect(
      monorepo.check(graph).map(\.description) == [
        "stale: docs/architecture.md has lost its depgraph markers (`<!-- depgraph:begin` … "
          + "`<!-- depgraph:end -->`): put them back where the graph belongs and run `make graph`"
      ])
  }

  @Test("a deleted docs/architecture.md is reported stale, not skipped")
  func architectureRemoved() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    let monorepo = try tree.monorepo()
    let graph = try monorepo.loadGraph()
    _ = try monorepo.generate(graph, drawsSVG: false)
    #expect(monorepo.check(graph) == [])
    try FileManager.default.removeItem(at: tree.root.appendingPathComponent("docs/architecture.md"))
    #expect(
      monorepo.check(graph).map(\.description) == [
        "stale: docs/architecture.md is missing: it embeds the graph between the depgraph markers; "
          + "restore it and run `make graph`"
      ])
  }

  @Test("without Graphviz's dot on the PATH, generating says so plainly and writes no SVG")
  func graphvizMissing() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    let empty = try TemporaryDirectory(prefix: "depgraph-no-dot")
    defer { empty.remove() }
    let monorepo = try tree.monorepo()
    let report = try monorepo.generate(monorepo.loadGraph(), drawsSVG: true, searchPath: empty.url.path)
    #expect(
      report.last
        == "Graphviz dot not found on the PATH: docs/dependency-graph.svg not written (install Graphviz to draw it)"
    )
    #expect(
      !FileManager.default.fileExists(
        atPath: tree.root.appendingPathComponent("docs/dependency-graph.svg").path))
  }

  @Test("without Graphviz's dot on the PATH, an SVG already there is said to be stale, not silently kept")
  func graphvizMissingStaleSVG() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    let empty = try TemporaryDirectory(prefix: "depgraph-no-dot")
    defer { empty.remove() }
    try tree.write("<svg>old</svg>\n", to: "docs/dependency-graph.svg")
    let monorepo = try tree.monorepo()
    #expect(monorepo.svgGoesStale(searchPath: empty.url.path))
    let report = try monorepo.generate(monorepo.loadGraph(), drawsSVG: true, searchPath: empty.url.path)
    #expect(
      report.last
        == "Graphviz dot not found on the PATH: docs/dependency-graph.svg was NOT redrawn and still shows "
        + "the old graph (install Graphviz, then run `make graph`)")
    #expect(try tree.read("docs/dependency-graph.svg") == "<svg>old</svg>\n")
  }

  @Test("generating copies the graph into README.md's mermaid block, and leaves a README without one alone")
  func readmeGraph() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    try tree.write("# Repo\n\n```mermaid\ngraph TD\n  Old\n```\n\nMore.\n", to: "README.md")
    let monorepo = try tree.monorepo()
    let report = try monorepo.generate(monorepo.loadGraph(), drawsSVG: false)
    let graph = try tree.read("docs/dependency-graph.mmd")
    #expect(try tree.read("README.md") == "# Repo\n\n```mermaid\n" + graph + "```\n\nMore.\n")
    #expect(report.contains("wrote README.md"))
    try tree.write("# Repo\n", to: "README.md")
    #expect(try monorepo.generate(monorepo.loadGraph(), drawsSVG: false).contains("wrote README.md") == false)
    #expect(try tree.read("README.md") == "# Repo\n")
  }

  @Test("the dot found on the PATH draws the SVG from the committed DOT file")
  func graphvizFound() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    // A stand-in for Graphviz that proves which file it was given, so the test runs without it.
    let bin = try TemporaryDirectory(prefix: "depgraph-fake-dot")
    defer { bin.remove() }
    let dot = bin.url.appendingPathComponent("dot")
    try Data("#!/bin/sh\necho \"<svg><!-- $1 $2 --></svg>\"\n".utf8).write(to: dot)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dot.path)
    let monorepo = try tree.monorepo()
    let report = try monorepo.generate(
      monorepo.loadGraph(), drawsSVG: true, searchPath: "/nonexistent:\(bin.url.path)")
    #expect(report.last == "wrote docs/dependency-graph.svg")
    #expect(
      try tree.read("docs/dependency-graph.svg") == "<svg><!-- -Tsvg docs/dependency-graph.dot --></svg>\n")
  }

  @Test(
    "the SVG is drawn where Graphviz is installed",
    .enabled(if: Monorepo.graphviz(searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "") != nil))
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
