/// The documents `depgraph generate` writes and `depgraph check` compares with the committed ones.
struct GraphDocuments {
  /// The Mermaid graph.
  static let mermaidPath = "docs/dependency-graph.mmd"
  /// The Graphviz graph.
  static let dotPath = "docs/dependency-graph.dot"
  /// The graph as data.
  static let jsonPath = "docs/dependency-graph.json"
  /// The picture Graphviz draws from ``dotPath``; written only where `dot` is installed, never
  /// compared (Graphviz versions draw differently).
  static let svgPath = "docs/dependency-graph.svg"
  /// The architecture guide, whose marked block embeds the Mermaid graph.
  static let architecturePath = "docs/architecture.md"

  /// Each generated file's path relative to the root and its content.
  let files: [(path: String, content: String)]
  /// The Mermaid source, also embedded in the architecture guide.
  let mermaid: String

  /// Renders the documents of `graph`.
  init(graph: PackageGraph) {
    mermaid = MermaidRenderer.render(graph)
    files = [
      (Self.mermaidPath, mermaid),
      (Self.dotPath, DotRenderer.render(graph)),
      (Self.jsonPath, JSONRenderer.render(graph)),
    ]
  }
}
