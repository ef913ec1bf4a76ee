import ArgumentParser
import DependencyGraph

/// `depgraph scaffold NAME`: creates a feature's API and Impl packages and prints how to wire them.
struct Scaffold: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Create Packages/<NAME>API and Packages/<NAME>Impl, with passing tests.",
    discussion: "Does not edit App/: prints the lines to add there instead."
  )

  @Argument(help: "The feature's name in UpperCamelCase, such as Payments.")
  var name: String

  @OptionGroup var options: RootOption

  func run() throws {
    let monorepo = try Monorepo(root: options.root)
    let scaffold = FeatureScaffold(feature: try FeatureName(name))
    try scaffold.write(into: monorepo)
    print(scaffold.wiringInstructions(appTarget: monorepo.appCompositionTarget()))
  }
}
