import Foundation

@testable import DependencyGraph

/// A fake monorepo in a temporary folder: the `base` fixture, which obeys every rule, with other
/// fixtures laid over it file by file.
struct FixtureTree {
  /// The folder of the fixtures: `Tests/DependencyGraphTests/Fixtures`.
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// The monorepo's root in the temporary folder.
  let root: URL

  /// Copies the `base` fixture into a new temporary folder, then lays `overlays` over it in order.
  ///
  /// - Parameter overlays: Names of folders under `Fixtures/`.
  init(_ overlays: String...) throws {
    root = try TemporaryDirectory(prefix: "depgraph-fixture").url
    try apply("base")
    for overlay in overlays { try apply(overlay) }
  }

  /// Copies every file of `Fixtures/<overlay>` into the tree, replacing files of the same path.
  ///
  /// - Parameter overlay: A folder under `Fixtures/`.
  func apply(_ overlay: String) throws {
    try Self.copyFiles(of: Self.fixtures.appendingPathComponent(overlay), to: root)
  }

  /// Copies every file under `source` to the same relative path under `destination`, replacing
  /// files already there and skipping folders and files named in `skipping` (build products).
  static func copyFiles(of source: URL, to destination: URL, skipping: Set<String> = []) throws {
    let enumerator = FileManager.default.enumerator(
      at: source, includingPropertiesForKeys: [.isRegularFileKey])
    let prefix = source.standardizedFileURL.path + "/"
    while let url = enumerator?.nextObject() as? URL {
      if skipping.contains(url.lastPathComponent) {
        enumerator?.skipDescendants()
        continue
      }
      guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
      let relative = String(url.standardizedFileURL.path.dropFirst(prefix.count))
      let target = destination.appendingPathComponent(relative)
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      if FileManager.default.fileExists(atPath: target.path) {
        try FileManager.default.removeItem(at: target)
      }
      try FileManager.default.copyItem(at: url, to: target)
    }
  }

  /// The monorepo in the tree.
  func monorepo() throws -> Monorepo {
    try Monorepo(root: root.path)
  }

  /// Writes the graph documents, as `make graph` would, then checks the tree.
  ///
  /// - Returns: The violation lines.
  func generateAndCheck() throws -> [String] {
    let monorepo = try monorepo()
    let graph = try monorepo.loadGraph()
    _ = try monorepo.generate(graph, drawsSVG: false)
    return monorepo.check(graph).map(\.description)
  }

  /// The text of the file at `path`.
  func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// Replaces the file at `path` with `text`.
  func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: root.appendingPathComponent(path))
  }

  /// Every file of the tree, by path relative to the root, with its content: compare two to see
  /// that nothing was written.
  func snapshot() throws -> [String: Data] {
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    let prefix = root.standardizedFileURL.resolvingSymlinksInPath().path + "/"
    var files: [String: Data] = [:]
    while let url = enumerator?.nextObject() as? URL {
      guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
      let path = url.standardizedFileURL.resolvingSymlinksInPath().path
      files[String(path.dropFirst(prefix.count))] = try Data(contentsOf: url)
    }
    return files
  }

  /// Removes the tree.
  func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}
