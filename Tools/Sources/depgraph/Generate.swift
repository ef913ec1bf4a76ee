import ArgumentParser
import DependencyGraph

/// `depgraph generate`: writes docs/dependency-graph.{mmd,dot,json,svg} and the graph embedded in
/// docs/architecture.md and README.md.
struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write docs/dependency-graph.{mmd,dot,json} (and .svg when Graphviz is installed).",
    discussion: """
      Reads every manifest with `swift package dump-package`, then writes the graph of the local \
      packages in Mermaid, DOT and JSON, rewrites the Mermaid block between the depgraph markers of \
      docs/architecture.md and the first ```mermaid block of README.md, and draws \
      docs/dependency-graph.svg if Graphviz's `dot` is on the PATH. Without `dot`, an existing SVG \
      would show the old graph: everything else is written, then it says so and exits with status 1.
      """
  )

  @OptionGroup var options: RootOption

  func run() throws {
    let monorepo = try Monorepo(root: options.root)
    let staleSVG = monorepo.svgGoesStale()
    for line in try monorepo.generate() { print(line) }
    if staleSVG {
      printError(
        "depgraph generate: docs/dependency-graph.svg is stale: install Graphviz (`dot`), then run `make graph`"
      )
      throw ExitCode.failure
    }
  }
}
