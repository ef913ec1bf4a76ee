import Foundation

/// Finds the packages of the monorepo and reads their manifests with `swift package dump-package`.
///
/// Each manifest is read with its own `--scratch-path` in a temporary folder: `dump-package`
/// otherwise waits for the lock on the package's `.build`, which a concurrent `swift build` (or
/// the `swift run` that started this tool) holds.
struct ManifestLoader {
  /// The repository root: an absolute, standardized location with symbolic links resolved.
  let root: URL

  /// The folders, relative to the root, that hold a package of the monorepo, in a stable order:
  /// `Packages/*`, then `App`, then `Tools` and `Tools/*`.
  ///
  /// - Returns: Paths such as `Packages/Core` and `App`.
  func packageDirectories() -> [String] {
    var directories = subdirectories(of: "Packages").filter(hasManifest)
    if hasManifest("App") { directories.append("App") }
    if hasManifest("Tools") { directories.append("Tools") }
    directories += subdirectories(of: "Tools").filter(hasManifest)
    return directories
  }

  /// Reads the manifests in `directories`, several at a time.
  ///
  /// - Parameter directories: Package folders relative to the root.
  /// - Returns: Each folder's manifest.
  /// - Throws: ``ToolError/processFailed(_:status:output:)`` if SwiftPM cannot read a manifest,
  ///   ``ToolError/unreadableManifest(package:reason:)`` if its JSON is not what was expected.
  func load(_ directories: [String]) throws -> [String: PackageManifest] {
    let scratch = try TemporaryDirectory(prefix: "depgraph-manifests")
    let scratchPaths = directories.indices.map { scratch.url.appendingPathComponent("scratch-\($0)").path }
    defer {
      scratch.remove()
      // SwiftPM leaves a lock file per scratch folder in the temporary directory, named after the
      // folder's path; they would pile up there, one set per run.
      for path in scratchPaths {
        let lock = path.replacingOccurrences(of: "/", with: "_") + ".lock"
        try? FileManager.default.removeItem(
          at: FileManager.default.temporaryDirectory.appendingPathComponent(lock))
      }
    }
    let running = try zip(directories, scratchPaths).map { directory, scratchPath in
      try Subprocess(
        [
          "swift", "package", "--package-path", url(of: directory).path, "--scratch-path", scratchPath,
          "dump-package",
        ],
        in: root, scratch: scratch.url)
    }
    var manifests: [String: PackageManifest] = [:]
    for (directory, process) in zip(directories, running) {
      let result = try process.wait()
      guard result.status == 0 else {
        throw ToolError.processFailed(
          process.commandLine, status: result.status, output: result.standardError)
      }
      do {
        manifests[directory] = try JSONDecoder().decode(PackageManifest.self, from: result.standardOutput)
      } catch {
        throw ToolError.unreadableManifest(package: directory, reason: "\(error)")
      }
    }
    return manifests
  }

  /// The location of `relativePath` under the root.
  ///
  /// - Parameter relativePath: A path relative to the root.
  /// - Returns: The absolute location.
  func url(of relativePath: String) -> URL {
    relativePath.isEmpty ? root : root.appendingPathComponent(relativePath)
  }

  /// The path of `absolutePath` relative to the root, or `nil` if it lies outside.
  ///
  /// - Parameter absolutePath: An absolute path, such as SwiftPM prints for a path dependency.
  /// - Returns: A relative path such as `Packages/Core`, `""` for the root itself.
  func relativePath(of absolutePath: String) -> String? {
    let path = URL(fileURLWithPath: absolutePath).standardizedFileURL.resolvingSymlinksInPath().path
    if path == root.path { return "" }
    let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
  }

  private func hasManifest(_ directory: String) -> Bool {
    FileManager.default.fileExists(atPath: url(of: directory).appendingPathComponent("Package.swift").path)
  }

  private func subdirectories(of directory: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url(of: directory).path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(directory)/\($0)" }
  }
}
