import Testing

@testable import DependencyGraph

@Suite("CycleFinder")
struct CycleFinderTests {
  private func graph(_ edges: [(String, String)]) -> PackageGraph {
    let names = Set(edges.flatMap { [$0.0, $0.1] }).sorted()
    return PackageGraph(
      packages: names.map { name in
        PackageGraph.Package(
          name: name, path: "Packages/\(name)", layer: .api, products: [], targets: [],
          remoteDependencies: [],
          foreignDependencies: [])
      },
      edges: edges.map { PackageGraph.Edge(from: $0.0, to: $0.1, isTestOnly: false) })
  }

  @Test("an acyclic graph has no cycle")
  func acyclic() {
    #expect(CycleFinder(graph: graph([("A", "B"), ("B", "C"), ("A", "C")])).cycles() == [])
  }

  @Test("each cycle is reported once, as the shortest path from its first package back to it")
  func cycles() {
    let edges = [("B", "C"), ("C", "D"), ("D", "B"), ("C", "B"), ("X", "Y"), ("Y", "X"), ("A", "B")]
    #expect(CycleFinder(graph: graph(edges)).cycles() == [["B", "C", "B"], ["X", "Y", "X"]])
  }

  @Test("a package that depends on itself is a cycle")
  func selfLoop() {
    #expect(CycleFinder(graph: graph([("A", "A")])).cycles() == [["A", "A"]])
  }
}
