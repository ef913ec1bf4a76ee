public import Foundation

/// The monorepo whose packages `depgraph` reads: the entry point of the library.
///
/// ```swift
/// let monorepo = try Monorepo(root: ".")
/// for violation in try monorepo.check() { print(violation) }
/// ```
public struct Monorepo: Sendable {
  /// The root folder: absolute, standardized, with symbolic links resolved.
  public let root: URL

  /// Opens the monorepo at `root`.
  ///
  /// - Parameter root: The root folder, absolute or relative to the current directory.
  /// - Throws: ``ToolError/notAMonorepo(root:)`` if it has no `Packages/Core/Package.swift`.
  public init(root: String) throws {
    let url = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath()
    guard
      FileManager.default.fileExists(atPath: url.appendingPathComponent("Packages/Core/Package.swift").path)
    else { throw ToolError.notAMonorepo(root: root) }
    self.root = url
  }

  /// Reads every package's manifest and builds the graph.
  ///
  /// - Returns: The graph of the local packages.
  /// - Throws: ``ToolError`` if a manifest cannot be read.
  public func loadGraph() throws -> PackageGraph {
    let loader = ManifestLoader(root: root)
    return PackageGraph(manifests: try loader.load(loader.packageDirectories()), loader: loader)
  }

  /// The name of the App's target that wires the features together, or `nil` if App has no target
  /// or its manifest cannot be read.
  ///
  /// That is the first non-test target that uses an Impl package's product; failing that (an App
  /// that wires no feature yet), its first library target, then its first executable target.
  ///
  /// - Returns: A target name such as `TodoApp`.
  public func appCompositionTarget() -> String? {
    appCompositionTargetManifest()?.name
  }

  /// The App's target that wires the features, as its manifest declares it; see
  /// ``appCompositionTarget()``.
  func appCompositionTargetManifest() -> PackageManifest.Target? {
    let loader = ManifestLoader(root: root)
    guard let manifest = try? loader.load(["App"])["App"] else { return nil }
    let candidates = manifest.targets.filter { !$0.isTest }
    let wiring = candidates.first { target in
      target.dependencies.contains { dependency in
        switch dependency {
        case .product(let name, let package): Layer.of(directory: "Packages/\(package ?? name)") == .impl
        case .byName(let name): Layer.of(directory: "Packages/\(name)") == .impl
        case .target: false
        }
      }
    }
    return wiring ?? candidates.first { $0.type == "regular" } ?? candidates.first { $0.type == "executable" }
  }

  // MARK: - Checking

  /// Checks every rule and returns what broke, one violation per problem, in a stable order.
  ///
  /// - Returns: The violations; empty when the monorepo obeys every rule.
  /// - Throws: ``ToolError`` if a manifest cannot be read.
  public func check() throws -> [Violation] {
    check(try loadGraph())
  }

  /// Checks every rule on a graph already loaded by ``loadGraph()``.
  ///
  /// - Parameter graph: The monorepo's graph.
  /// - Returns: The violations; empty when the monorepo obeys every rule.
  public func check(_ graph: PackageGraph) -> [Violation] {
    BoundaryChecker(graph: graph).violations()
      + ImportChecker(graph: graph, root: root).violations()
      + rootManifest()
      + SettingsChecker(graph: graph, root: root).violations()
      + staleDocuments(for: graph)
  }

  /// The violations of the root manifest, read beside Packages/Core's (the graph leaves it out:
  /// it is another door to Core's targets, not a package of its own).
  private func rootManifest() -> [Violation] {
    let loader = ManifestLoader(root: root)
    let hasRoot = FileManager.default.fileExists(
      atPath: root.appendingPathComponent(RootManifestChecker.path).path)
    do {
      let manifests = try loader.load(hasRoot ? ["", "Packages/Core"] : ["Packages/Core"])
      guard let core = manifests["Packages/Core"] else { return [] }
      return RootManifestChecker(root: manifests[""], core: core).violations()
    } catch {
      return [Violation(.rootManifest, "\(RootManifestChecker.path) cannot be read: \(error)")]
    }
  }

  private func staleDocuments(for graph: PackageGraph) -> [Violation] {
    let documents = GraphDocuments(graph: graph)
    var violations: [Violation] = []
    for (path, content) in documents.files {
      guard let committed = read(path) else {
        violations.append(Violation(.stale, "\(path) is missing: run `make graph` and commit the result"))
        continue
      }
      if committed != content {
        violations.append(Violation(.stale, "\(path) is out of date: run `make graph` and commit the result"))
      }
    }
    let architecture = GraphDocuments.architecturePath
    // The guide must keep its markers: without them `make graph` cannot refresh the embedded graph,
    // and a check that skipped the guide would pass while the picture a reader sees goes stale.
    guard let text = read(architecture) else {
      violations.append(
        Violation(
          .stale,
          "\(architecture) is missing: it embeds the graph between the depgraph markers; restore it "
            + "and run `make graph`"))
      return violations
    }
    guard let updated = ArchitectureDocument.updating(text, mermaid: documents.mermaid) else {
      violations.append(
        Violation(
          .stale,
          "\(architecture) has lost its depgraph markers (`\(ArchitectureDocument.beginPrefix)` … "
            + "`\(ArchitectureDocument.endMarker)`): put them back where the graph belongs and run `make graph`"
        ))
      return violations
    }
    if updated != text {
      violations.append(
        Violation(.stale, "\(architecture) embeds an old graph: run `make graph` and commit the result"))
    }
    return violations
  }

  // MARK: - Generating

  /// Writes the graph documents and the graph embedded in docs/architecture.md, then the SVG if
  /// Graphviz's `dot` is installed.
  ///
  /// Files whose content would not change are left alone.
  ///
  /// - Parameter drawsSVG: Whether to run `dot` when it is installed; tests turn it off.
  /// - Returns: One line per document, saying what happened to it.
  /// - Throws: ``ToolError`` if a manifest cannot be read or a file written.
  public func generate(drawsSVG: Bool = true) throws -> [String] {
    try generate(try loadGraph(), drawsSVG: drawsSVG)
  }

  /// Writes the documents of a graph already loaded by ``loadGraph()``; see ``generate(drawsSVG:)``.
  ///
  /// - Parameters:
  ///   - graph: The monorepo's graph.
  ///   - drawsSVG: Whether to run `dot` when it is installed.
  /// - Returns: One line per document, saying what happened to it.
  /// - Throws: ``ToolError`` if a file cannot be written or `dot` fails.
  public func generate(_ graph: PackageGraph, drawsSVG: Bool = true) throws -> [String] {
    try generate(graph, drawsSVG: drawsSVG, searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "")
  }

  /// Writes the documents of `graph`, looking for Graphviz's `dot` in `searchPath` rather than the
  /// environment's `PATH`, so that tests can choose whether it is found.
  ///
  /// - Parameters:
  ///   - graph: The monorepo's graph.
  ///   - drawsSVG: Whether to run `dot` when it is found.
  ///   - searchPath: Folders separated by colons, like `PATH`.
  /// - Returns: One line per document, saying what happened to it.
  /// - Throws: ``ToolError`` if a file cannot be written or `dot` fails.
  func generate(_ graph: PackageGraph, drawsSVG: Bool, searchPath: String) throws -> [String] {
    let documents = GraphDocuments(graph: graph)
    var report: [String] = []
    for (path, content) in documents.files {
      report.append(try write(content, to: path))
    }
    let architecture = GraphDocuments.architecturePath
    if let text = read(architecture) {
      if let updated = ArchitectureDocument.updating(text, mermaid: documents.mermaid) {
        report.append(try write(updated, to: architecture))
      } else {
        report.append("\(architecture) has no depgraph markers: graph not embedded")
      }
    } else {
      report.append("\(architecture) is missing: graph not embedded")
    }
    if let readme = read(Self.readmePath), let updated = Self.readme(readme, withGraph: documents.mermaid) {
      report.append(try write(updated, to: Self.readmePath))
    }
    if drawsSVG {
      report.append(try drawSVG(searchPath: searchPath))
    }
    return report
  }

  /// The README, which shows the graph in its first ```` ```mermaid ```` block.
  static let readmePath = "README.md"

  /// `readme` with the content of its first ```` ```mermaid ```` block replaced by `graph`, or `nil`
  /// if it has no such block.
  static func readme(_ readme: String, withGraph graph: String) -> String? {
    guard let opening = readme.range(of: "```mermaid\n"),
      let closing = readme.range(of: "```", range: opening.upperBound..<readme.endIndex)
    else { return nil }
    return readme.replacingCharacters(in: opening.upperBound..<closing.lowerBound, with: graph)
  }

  /// Whether generating would leave `docs/dependency-graph.svg` stale: it exists, and Graphviz's
  /// `dot` is not in `searchPath` to redraw it.
  ///
  /// - Parameter searchPath: Folders separated by colons, like `PATH`; the environment's by default.
  public func svgGoesStale(searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "") -> Bool {
    Self.graphviz(searchPath: searchPath) == nil
      && FileManager.default.fileExists(atPath: url(of: GraphDocuments.svgPath).path)
  }

  private func drawSVG(searchPath: String) throws -> String {
    let svg = GraphDocuments.svgPath
    guard let dot = Self.graphviz(searchPath: searchPath) else {
      if svgGoesStale(searchPath: searchPath) {
        return "Graphviz dot not found on the PATH: \(svg) was NOT redrawn and still shows the old graph "
          + "(install Graphviz, then run `make graph`)"
      }
      return "Graphviz dot not found on the PATH: \(svg) not written (install Graphviz to draw it)"
    }
    let arguments = [dot.path, "-Tsvg", GraphDocuments.dotPath]
    let result = try Subprocess.run(arguments, in: root)
    guard result.status == 0 else {
      throw ToolError.processFailed(
        arguments.joined(separator: " "), status: result.status, output: result.standardError)
    }
    return try write(String(decoding: result.standardOutput, as: UTF8.self), to: svg)
  }

  /// The first executable `dot` in `searchPath`, or `nil` if Graphviz is not installed there.
  ///
  /// - Parameter searchPath: Folders separated by colons, like `PATH`.
  /// - Returns: The location of `dot`.
  static func graphviz(searchPath: String) -> URL? {
    searchPath.split(separator: ":").lazy.map {
      URL(fileURLWithPath: String($0)).appendingPathComponent("dot")
    }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  // MARK: - Files

  /// The location of `path` in the monorepo.
  ///
  /// - Parameter path: A path relative to the root.
  /// - Returns: Its absolute location.
  public func url(of path: String) -> URL {
    root.appendingPathComponent(path)
  }

  private func read(_ path: String) -> String? {
    try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  private func write(_ content: String, to path: String) throws -> String {
    if read(path) == content { return "\(path) is up to date" }
    let url = root.appendingPathComponent(path)
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(content.utf8).write(to: url, options: .atomic)
    } catch {
      throw ToolError.cannotWrite(path: path, reason: "\(error)")
    }
    return "wrote \(path)"
  }
}
