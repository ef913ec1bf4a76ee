/// The layer a package belongs to, which decides what it may depend on.
///
/// The layer comes from where the package lives and how its folder is named: `Packages/Core`,
/// `Packages/<Feature>API`, `Packages/<Feature>Impl`, `Packages/Inspector`,
/// `Packages/InspectorPage`, `App`,
/// `Tools/Benchmarks` and `Tools/Fuzz`, `Tools` and `Tools/*`.
public enum Layer: String, CaseIterable, Comparable, Sendable {
  /// The framework, `Packages/Core`: depends on nothing local.
  case core
  /// A feature's public interface, `Packages/<Feature>API`: depends on Core and other APIs.
  case api
  /// A feature's implementation, `Packages/<Feature>Impl`: depends on Core and APIs.
  case impl
  /// The live inspector, `Packages/Inspector`: a web server on Core's `Tracing` and remote server
  /// libraries; depends on Core and its page alone among local packages, and no feature package
  /// depends on it.
  case inspector
  /// The inspector's page, `Packages/InspectorPage`: HTML, CSS and script that the inspector serves
  /// and `trace html` writes; depends on nothing at all, local or remote, so that the tools build it
  /// without the inspector's server libraries.
  case inspectorPage
  /// The executable, `App`: may depend on anything.
  case app
  /// The benchmarks, `Tools/Benchmarks`: a composition root for measurement, like the App, so it may
  /// depend on any package, Impl packages included (benchmark B5 measures TodoImpl with its
  /// database); nothing may depend on it. The fuzz targets, `Tools/Fuzz`, are such a root too: they
  /// compile the parsers of the features and the App that they fuzz.
  case benchmarks
  /// The tools, `Tools` and `Tools/*` but the benchmarks and the fuzz targets: never depend on feature packages, App or
  /// the benchmarks.
  case tools
  /// A package under `Packages/` that follows none of the naming rules; the check reports it.
  case other

  /// The layer's title in the drawn graph.
  public var title: String {
    switch self {
    case .core: "Core"
    case .api: "Feature API"
    case .impl: "Feature Impl"
    case .inspector: "Inspector"
    case .inspectorPage: "Inspector page"
    case .app: "App"
    case .benchmarks: "Benchmarks"
    case .tools: "Tools"
    case .other: "Unclassified"
    }
  }

  /// Whether packages of this layer belong to a feature.
  public var isFeature: Bool { self == .api || self == .impl }

  /// Whether packages of this layer are roots of the graph, which assemble the others and which no
  /// package may depend on: App and the benchmarks.
  public var isRoot: Bool { self == .app || self == .benchmarks }

  /// Orders layers from the bottom of the graph (Core) to the top (App), then the rest.
  ///
  /// - Parameters:
  ///   - lhs: A layer.
  ///   - rhs: Another layer.
  /// - Returns: Whether `lhs` comes first.
  public static func < (lhs: Layer, rhs: Layer) -> Bool {
    lhs.rank < rhs.rank
  }

  private var rank: Int {
    switch self {
    case .core: 0
    case .inspectorPage: 1
    case .api: 2
    case .impl: 3
    case .inspector: 4
    case .app: 5
    case .benchmarks: 6
    case .tools: 7
    case .other: 8
    }
  }

  /// The layer of the package in `directory`.
  ///
  /// - Parameter directory: The package's folder relative to the root, such as `Packages/TodoAPI`.
  /// - Returns: Its layer.
  static func of(directory: String) -> Layer {
    if directory == "App" { return .app }
    if directory == "Tools/Benchmarks" || directory == "Tools/Fuzz" { return .benchmarks }
    if directory == "Tools" || directory.hasPrefix("Tools/") { return .tools }
    let name = directory.split(separator: "/").last.map(String.init) ?? directory
    if name == "Core" { return .core }
    if name == "Inspector" { return .inspector }
    if name == "InspectorPage" { return .inspectorPage }
    if name.count > 3, name.hasSuffix("API") { return .api }
    if name.count > 4, name.hasSuffix("Impl") { return .impl }
    return .other
  }
}
