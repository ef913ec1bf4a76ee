import Foundation
import Testing

@testable import DependencyGraph

/// The real monorepo this package lives in.
@Suite("This repository")
struct RepositoryTests {
  /// The root: `Tools/Tests/DependencyGraphTests/RepositoryTests.swift` is four levels down.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test(
    "the repository obeys every rule, its committed graph is current, and Tools depends on Core and the inspector's page alone"
  )
  func check() throws {
    let monorepo = try Monorepo(root: Self.root.path)
    let graph = try monorepo.loadGraph()
    let violations = monorepo.check(graph).map(\.description)
    #expect(violations == [], "\(violations.joined(separator: "\n"))")
    // Core, for the trace viewer to read the trace format, and the page `trace html` writes, which
    // depends on nothing; never a feature package, nor the inspector's server.
    #expect(graph.dependencies(of: "Tools") == ["Core", "InspectorPage"])
    #expect(graph.dependencies(of: "InspectorPage") == [])
  }
}
