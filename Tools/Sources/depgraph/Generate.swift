import ArgumentParser
import DependencyGraph

/// `depgraph generate`: writes docs/dependency-graph.{mmd,dot,json,svg} and the graph embedded in
/// docs/architecture.md.
struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write docs/dependency-graph.{mmd,dot,json} (and .svg when Graphviz is installed).",
    discussion: """
      Reads every manifest with `swift package dump-package`, then writes the graph of the local \
      packages in Mermaid, DOT and JSON, rewrites the Mermaid block between the depgraph markers of \
      docs/architecture.md, and draws docs/dependency-graph.svg if Graphviz's `dot` is on the PATH.
      """
  )

  @OptionGroup var options: RootOption

  func run() throws {
    let monorepo = try Monorepo(root: options.root)
    for line in try monorepo.generate() { print(line) }
  }
}
