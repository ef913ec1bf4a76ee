import Foundation

/// Creates the two packages of a new feature, `Packages/<Feature>API` and `Packages/<Feature>Impl`,
/// in the house style, with tests that pass, and says how to wire them into the App.
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

  /// Writes the feature's packages into `monorepo`, then lets `swift format` lay out the code for
  /// the feature's name (long names make long lines) if the monorepo has a `.swift-format`.
  ///
  /// - Parameter monorepo: The monorepo to add the feature to.
  /// - Returns: The package folders created, relative to the root.
  /// - Throws: ``ToolError/featureExists(_:path:)`` if either package folder exists (nothing is
  ///   written then), ``ToolError/cannotWrite(path:reason:)`` if a file cannot be written.
  @discardableResult
  public func write(into monorepo: Monorepo) throws -> [String] {
    let packages = ["Packages/\(feature.api)", "Packages/\(feature.impl)"]
    for package in packages where FileManager.default.fileExists(atPath: monorepo.url(of: package).path) {
      throw ToolError.featureExists(feature.name, path: package)
    }
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
    let configuration = monorepo.url(of: ".swift-format")
    if FileManager.default.fileExists(atPath: configuration.path) {
      let arguments =
        ["swift", "format", "format", "--in-place", "--recursive", "--configuration", configuration.path]
        + packages
      let result = try Subprocess.run(arguments, in: monorepo.root)
      guard result.status == 0 else {
        throw ToolError.processFailed(
          arguments.joined(separator: " "), status: result.status,
          output: result.standardError)
      }
    }
    return packages
  }

  /// The lines to add to the App to use the feature.
  public var wiring: FeatureWiring { FeatureWiring(feature: feature) }

  /// What to add to the App to use the feature, for the terminal: every line of ``wiring``, and
  /// where it goes.
  ///
  /// - Parameter appTarget: The name of the App's target that wires the features
  ///   (``Monorepo/appCompositionTarget()``), if known.
  /// - Returns: Several lines of instructions.
  public func wiringInstructions(appTarget: String?) -> String {
    let wiring = wiring
    let target = appTarget.map { "the `\($0)` target" } ?? "the App's target that wires the features"
    func block(_ lines: [String]) -> String {
      lines.map { "      " + $0 }.joined(separator: "\n")
    }
    return """
      Created Packages/\(feature.api) and Packages/\(feature.impl); try them with
        swift test --package-path Packages/\(feature.impl)

      To wire \(feature.name) into the app (depgraph does not edit App/):

      In App/Package.swift, add to the package's dependencies:
      \(block(wiring.packageDependencies))
        and to the dependencies of \(target):
      \(block(wiring.targetDependencies))

      In the file of the app's model (with `\(wiring.modelImport)`), add the slice:
      \(block([wiring.modelProperty]))

      In the composition's file (with `\(wiring.compositionImport)`), add the feature, ONE line, to the
        list of features (then replace `{ [] }` with the live loader):
      \(block([wiring.featureEntry]))

      Then run `make graph` and `make check-graph`, and commit the graph with the packages.
      """
  }
}
