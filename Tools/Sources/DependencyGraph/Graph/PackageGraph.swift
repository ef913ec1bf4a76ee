/// The packages of the monorepo, their targets, and the dependencies between them.
///
/// Built from the manifests by ``Monorepo/loadGraph()``. Every path in it is relative to the
/// repository root, and every list has a stable order (packages by layer, then name), so the
/// documents rendered from it are the same on every machine.
public struct PackageGraph: Equatable, Sendable {
  /// The packages, ordered by ``Layer`` and then by name.
  public var packages: [Package]
  /// The dependencies between local packages, ordered like ``packages`` by their source, then by
  /// their destination.
  public var edges: [Edge]

  /// A local package.
  public struct Package: Equatable, Sendable {
    /// The name its manifest declares.
    public var name: String
    /// Its folder relative to the root, such as `Packages/Core` or `App`.
    public var path: String
    /// Its layer, from its folder.
    public var layer: Layer
    /// Its products, in manifest order.
    public var products: [Product]
    /// Its targets, in manifest order.
    public var targets: [Target]
    /// The remote packages it declares, by SwiftPM identity, in manifest order.
    public var remoteDependencies: [String]
    /// Path dependencies that are not packages of the monorepo: the path relative to the root, or
    /// the folder's last component if the path leads outside the root.
    public var foreignDependencies: [String]

    /// Its non-test targets: the modules other packages can import (executables included).
    public var modules: [Target] { targets.filter(\.isModule) }
  }

  /// A product: what other packages name in `.product(name:package:)`.
  public struct Product: Equatable, Sendable {
    /// The product's name.
    public var name: String
    /// The targets it bundles.
    public var targets: [String]
  }

  /// A target and its resolved dependencies.
  public struct Target: Equatable, Sendable {
    /// The target's name, which is also its module's name.
    public var name: String
    /// The SwiftPM target type: `regular`, `executable`, `test`, `macro`, `plugin`, …
    public var type: String
    /// The folder of its sources relative to the root, whether or not it exists.
    public var sourcePath: String
    /// Paths excluded from its sources, relative to ``sourcePath``.
    public var exclude: [String]
    /// Its dependencies, in manifest order.
    public var dependencies: [Dependency]

    /// Whether this is a test target.
    public var isTest: Bool { type == "test" }

    /// Whether other targets can import it.
    public var isModule: Bool { !["test", "plugin", "binary"].contains(type) }
  }

  /// One dependency of a target.
  public enum Dependency: Hashable, Sendable {
    /// A target of the same package.
    case target(String)
    /// A product of a local package, named by the package's manifest name.
    case product(String, package: String)
    /// A product of a remote package, by SwiftPM identity if the manifest names the package.
    case remote(String, package: String?)
  }

  /// A dependency of one local package on another.
  public struct Edge: Hashable, Sendable {
    /// The depending package.
    public var from: String
    /// The package depended on.
    public var to: String
    /// Whether only test targets use it.
    public var isTestOnly: Bool

    /// Creates an edge.
    ///
    /// - Parameters:
    ///   - from: The depending package.
    ///   - to: The package depended on.
    ///   - isTestOnly: Whether only test targets use it.
    public init(from: String, to: String, isTestOnly: Bool) {
      self.from = from
      self.to = to
      self.isTestOnly = isTestOnly
    }
  }

  /// The package named `name`, if there is one.
  ///
  /// - Parameter name: A package name.
  /// - Returns: The package.
  public func package(named name: String) -> Package? {
    packages.first { $0.name == name }
  }

  /// The packages `name` depends on, in order.
  ///
  /// - Parameters:
  ///   - name: A package name.
  ///   - includingTests: Whether to follow dependencies that only test targets use.
  /// - Returns: The names of its direct dependencies.
  public func dependencies(of name: String, includingTests: Bool = true) -> [String] {
    edges.filter { $0.from == name && (includingTests || !$0.isTestOnly) }.map(\.to)
  }
}
