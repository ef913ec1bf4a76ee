import ArgumentParser

/// `depgraph`: the monorepo's dependency graph, its boundary check, and the feature scaffold.
///
/// The work is done by the `DependencyGraph` library; these commands parse arguments and print.
@main
struct DepGraph: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "depgraph",
    abstract: "Draws and checks the dependency graph of the monorepo's packages, and scaffolds features.",
    discussion: "The layering rules are explained in docs/architecture.md.",
    subcommands: [Generate.self, Check.self, Scaffold.self]
  )
}

/// The option every subcommand takes.
struct RootOption: ParsableArguments {
  @Option(help: "The monorepo's root folder (the one with Packages/ and App/).")
  var root = "."
}
