import Foundation

/// Creates the two packages of a new feature, `Packages/<Feature>API` and `Packages/<Feature>Impl`,
/// in the house style, with tests that pass, and wires them into the App, the feature's entry in the
/// composition's `features:` list included.
public struct FeatureScaffold: Sendable {
  /// The feature to create.
  public let feature: FeatureName

  /// Prepares the scaffold of `feature`.
  ///
  /// - Parameter feature: The validated feature name.
  public init(feature: FeatureName) {
    self.feature = feature
  }

  /// The files to create: each path relative to the root, and its content.
  public var files: [(path: String, content: String)] {
    FeatureTemplate.all.map { $0.rendered(for: feature) }
  }

  /// Writes the feature's packages into `monorepo`, without editing the App, then lets `swift format` lay out the code for
  /// the feature's name (long names make long lines) if the monorepo has a `.swift-format`.
  ///
  /// - Parameter monorepo: The monorepo to add the feature to.
  /// - Returns: The package folders created, relative to the root.
  /// - Throws: ``ToolError/featureExists(_:path:)`` if either package folder exists (nothing is
  ///   written then), ``ToolError/cannotWrite(path:reason:)`` if a file cannot be written.
  @discardableResult
  public func write(into monorepo: Monorepo) throws -> [String] {
    let packages = ["Packages/\(feature.api)", "Packages/\(feature.impl)"]
    try refuseExistingPackages(in: monorepo)
    for (path, content) in files {
      let url = monorepo.url(of: path)
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: url, options: .withoutOverwriting)
      } catch {
        throw ToolError.cannotWrite(path: path, reason: "\(error)")
      }
    }
    try format(packages, in: monorepo)
    return packages
  }

  /// Lets `swift format` lay out `paths` (files or folders, relative to the root) if `monorepo`
  /// has a `.swift-format`.
  private func format(_ paths: [String], in monorepo: Monorepo) throws {
    let configuration = monorepo.url(of: ".swift-format")
    guard FileManager.default.fileExists(atPath: configuration.path) else { return }
    let arguments =
      ["swift", "format", "format", "--in-place", "--recursive", "--configuration", configuration.path]
      + paths
    let result = try Subprocess.run(arguments, in: monorepo.root)
    guard result.status == 0 else {
      throw ToolError.processFailed(
        arguments.joined(separator: " "), status: result.status,
        output: result.standardError)
    }
  }

  /// Creates the feature's packages and wires them into the App, or with `editsApp` false only
  /// creates the packages; returns what to tell the user.
  ///
  /// Everything is checked before anything is written: the packages must not exist, and every
  /// edit of the App must find its place exactly once (``AppWiring/plan(_:in:)``).
  ///
  /// - Parameters:
  ///   - monorepo: The monorepo to add the feature to.
  ///   - editsApp: Whether to edit `App/` (`--print-only` turns it off).
  ///   - position: Where the feature goes in the composition's `features:` list (`--first`,
  ///     `--after <feature>`; last by default).
  /// - Returns: The report for the terminal: with `editsApp`, what was edited; without, every line
  ///   to add by hand (``wiringInstructions(appTarget:)``).
  /// - Throws: ``ToolError/featureExists(_:path:)`` or ``ToolError/cannotWire(path:reason:)`` with
  ///   nothing written; ``ToolError/cannotWrite(path:reason:)``.
  public func scaffold(
    into monorepo: Monorepo, editsApp: Bool, position: FeaturePosition = .last
  ) throws -> String {
    try refuseExistingPackages(in: monorepo)
    guard editsApp else {
      try write(into: monorepo)
      return wiringInstructions(appTarget: monorepo.appCompositionTarget())
    }
    let plan = try AppWiring.plan(feature, at: position, in: monorepo)
    try write(into: monorepo)
    try plan.write(into: monorepo)
    // A list of one short entry fits on one line, where `swift format` wants no trailing comma.
    try format([plan.compositionFile, plan.environmentFile], in: monorepo)
    let graph = try monorepo.generate()
    return report(plan, position: position) + "\n\nRegenerated the dependency graph (`make graph`):\n"
      + graph.map { "  " + $0 }.joined(separator: "\n")
  }

  private func refuseExistingPackages(in monorepo: Monorepo) throws {
    for package in ["Packages/\(feature.api)", "Packages/\(feature.impl)"]
    where FileManager.default.fileExists(atPath: monorepo.url(of: package).path) {
      throw ToolError.featureExists(feature.name, path: package)
    }
  }

  /// The lines to add to the App to use the feature.
  public var wiring: FeatureWiring { FeatureWiring(feature: feature) }

  /// What the scaffold did, and the loader left to the user.
  func report(_ plan: AppWiring, position: FeaturePosition) -> String {
    let wiring = wiring
    let place: String
    switch position {
    case .last: place = "last"
    case .first: place = "first"
    case .after(let name): place = "after \(name)"
    }
    return """
      Created Packages/\(feature.api) and Packages/\(feature.impl); try them with
        swift test --package-path Packages/\(feature.impl)

      Wired them into the App:
        \(ManifestEdit.path): the two packages, and their products in the `\(plan.target)` target
        \(plan.modelFile): `\(wiring.modelImport)` and the slice `\(feature.property)` of `\(plan.modelType)`
        \(plan.compositionFile): `\(wiring.compositionImport)`, and the feature \(place) in `features:`
        (features update in list order; move it, or scaffold with --first or --after <feature>)
        \(plan.environmentFile): `\(plan.environmentType)` conforms to `\(wiring.environmentProtocol)`

      Replace `{ [] }` in `\(wiring.loaderProperty)` (\(plan.environmentFile)) with the live call, and
      commit the graph with the packages.
      """
  }

  /// What to add to the App to use the feature, for the terminal, when the scaffold does not edit
  /// `App/` (`--print-only`): every line of ``wiring``, and where it goes.
  ///
  /// - Parameter appTarget: The name of the App's target that wires the features
  ///   (``Monorepo/appCompositionTarget()``), if known.
  /// - Returns: Several lines of instructions.
  public func wiringInstructions(appTarget: String?) -> String {
    """
    Created Packages/\(feature.api) and Packages/\(feature.impl); try them with
      swift test --package-path Packages/\(feature.impl)

    To wire \(feature.name) into the app (with --print-only, depgraph does not edit App/):

    \(manualWiring(appTarget: appTarget))

    Then run `make graph` and `make check-graph`, and commit the graph with the packages.
    """
  }

  /// Every line to add to the App by hand, and where: the instructions of `--print-only`, and what
  /// a refusal to edit the App prints.
  ///
  /// - Parameter appTarget: The name of the App's target that wires the features, if known.
  /// - Returns: Several lines of instructions.
  public func manualWiring(appTarget: String?) -> String {
    let wiring = wiring
    let target = appTarget.map { "the `\($0)` target" } ?? "the App's target that wires the features"
    func block(_ lines: [String]) -> String {
      lines.map { "    " + $0 }.joined(separator: "\n")
    }
    return """
      In App/Package.swift, add to the package's dependencies:
      \(block(wiring.packageDependencies))
        and to the dependencies of \(target):
      \(block(wiring.targetDependencies))

      In the file of the app's model (with `\(wiring.modelImport)`), add the slice:
      \(block([wiring.modelPropertyDocumentation, wiring.modelProperty]))

      In the composition's file (with `\(wiring.compositionImport)`), add the feature, ONE line, to the
        list of features:
      \(block([wiring.featureEntry]))

      Next to the composition's environment struct, add a file `\(wiring.environmentFileName(of: "AppEnvironment"))`
        (named after your environment; leave out `clock` if it has one, `public` if it is not public;
        then replace `{ [] }` with the live loader):
      \(block(wiring.environmentConformance(of: "AppEnvironment", isPublic: true, hasClock: false)
        .split(separator: "\n").map(String.init)))
      """
  }
}
