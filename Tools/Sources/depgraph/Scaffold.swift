import ArgumentParser
import DependencyGraph

/// `depgraph scaffold NAME`: creates a feature's API and Impl packages and wires them into the App,
/// the feature's entry in the composition's `features:` list included.
struct Scaffold: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Create Packages/<NAME>API and Packages/<NAME>Impl, with passing tests, and wire them into App/.",
    discussion: """
      Adds the two packages and their products to App/Package.swift (for the App's target that wires \
      the features), the import and the feature's slice to the file declaring the App's model, and the \
      Impl's import and the feature's entry in its `features:` list to the file making the App's \
      composition: last in the list, or first with --first, or after a listed feature with \
      --after <feature> (features update in list order). Everything is checked first: if the feature exists or a file lacks \
      the place an edit needs, nothing is written. With --print-only, App/ is not edited and every line \
      to add is printed instead.
      """
  )

  @Argument(help: "The feature's name in UpperCamelCase, such as Payments.")
  var name: String

  @Flag(help: "Create the packages only; print every line to add to App/ instead of editing it.")
  var printOnly = false

  @Flag(help: "Put the feature first in the composition's `features:` list (default: last).")
  var first = false

  @Option(
    help: ArgumentHelp(
      "Put the feature right after this one in the composition's `features:` list (default: last).",
      valueName: "feature"))
  var after: String?

  @OptionGroup var options: RootOption

  func validate() throws {
    if first, after != nil { throw ValidationError("--first and --after cannot be used together") }
  }

  func run() throws {
    let monorepo = try Monorepo(root: options.root)
    let scaffold = FeatureScaffold(feature: try FeatureName(name))
    do {
      let position: FeaturePosition = first ? .first : after.map { .after($0) } ?? .last
      print(try scaffold.scaffold(into: monorepo, editsApp: !printOnly, position: position))
    } catch ToolError.cannotWire(let path, let reason) {
      printError(
        """
        depgraph scaffold: \(ToolError.cannotWire(path: path, reason: reason))

        Fix \(path) and run the scaffold again, or create the packages without editing App/ with
          depgraph scaffold \(name) --print-only        (make feature NAME=\(name) PRINT_ONLY=1)
        and add these lines by hand:

        \(scaffold.manualWiring(appTarget: monorepo.appCompositionTarget()))
        """)
      throw ExitCode.failure
    }
  }
}
