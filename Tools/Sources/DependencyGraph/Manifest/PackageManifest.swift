/// A package's manifest, as `swift package dump-package` prints it, reduced to what the graph uses.
struct PackageManifest: Equatable, Sendable {
  /// The name the manifest declares.
  var name: String
  /// The packages it depends on, in manifest order.
  var dependencies: [Dependency]
  /// The products it vends.
  var products: [Product]
  /// Its targets, in manifest order.
  var targets: [Target]

  /// A package dependency.
  struct Dependency: Equatable, Sendable {
    /// The identity SwiftPM gives it: the last path component, lowercased.
    var identity: String
    /// The absolute folder of a path dependency, or `nil` for a remote (or registry) one.
    var localPath: String?
  }

  /// A product: a name and the targets it bundles.
  struct Product: Equatable, Sendable, Decodable {
    var name: String
    var targets: [String]
  }

  /// A target and what it depends on.
  struct Target: Equatable, Sendable {
    var name: String
    /// `regular`, `executable`, `test`, `macro`, `plugin`, `system`, `binary`, …
    var type: String
    /// The custom path, relative to the package, if the manifest gives one.
    var path: String?
    /// Paths excluded from the target, relative to the target's folder.
    var exclude: [String]
    var dependencies: [TargetDependency]

    /// Whether this is a test target.
    var isTest: Bool { type == "test" }

    /// Whether other targets can import it as a module.
    var isModule: Bool { !["test", "plugin", "binary"].contains(type) }
  }

  /// One entry of a target's `dependencies:`.
  enum TargetDependency: Equatable, Sendable {
    /// `.target(name:)`: a target of the same package.
    case target(String)
    /// `.product(name:package:)`.
    case product(String, package: String?)
    /// A bare string: a target of the same package, or else a product of a dependency.
    case byName(String)
  }
}
