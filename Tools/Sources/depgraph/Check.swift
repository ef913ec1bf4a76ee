import ArgumentParser
import DependencyGraph

/// `depgraph check`: enforces the layering rules; one line per violation, non-zero exit if any.
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check the dependency rules and that the committed graph is current.",
    discussion: """
      Prints one line per violation, `rule: details`, and exits with status 1 if there is any. \
      The rules are explained in docs/architecture.md.
      """
  )

  @OptionGroup var options: RootOption

  func run() throws {
    let monorepo = try Monorepo(root: options.root)
    let graph = try monorepo.loadGraph()
    let violations = monorepo.check(graph)
    for violation in violations { print(violation) }
    guard violations.isEmpty else {
      printError("depgraph check: \(violations.count) violation\(violations.count == 1 ? "" : "s")")
      throw ExitCode.failure
    }
    print(
      "depgraph check: \(graph.packages.count) packages, \(graph.edges.count) dependencies, every rule holds")
  }
}
