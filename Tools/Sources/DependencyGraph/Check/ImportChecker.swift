import Foundation

/// Checks that every source file imports only the local modules its target depends on.
///
/// A target may import a local module that its declared dependencies reach, directly or through
/// other targets and products: that is what SwiftPM builds before it, so the import cannot break
/// by chance. Anything else, such as `import TodoImpl` in TodoAPI, is reported before the build
/// fails on it (or, worse, happens to succeed because another target built the module first).
/// Modules that no local package defines (Foundation, Testing, GRDB, …) are not checked.
struct ImportChecker {
  let graph: PackageGraph
  let root: URL

  /// Every undeclared import, by package, target, file and line.
  func violations() -> [Violation] {
    var owners: [String: String] = [:]
    for package in graph.packages {
      for module in package.modules where owners[module.name] == nil { owners[module.name] = package.name }
    }
    var violations: [Violation] = []
    for package in graph.packages {
      for target in package.targets {
        let allowed = reachableModules(from: target, in: package)
        for (file, found) in imports(of: target) {
          for found in found where !allowed.contains(found.module) {
            guard let owner = owners[found.module] else { continue }
            let pair = owner == package.name ? package.name : "\(package.name) → \(owner)"
            violations.append(
              Violation(
                .undeclaredImport,
                "\(pair): \(file):\(found.line) imports \(found.module), "
                  + "which target \(target.name) does not depend on"))
          }
        }
      }
    }
    return violations
  }

  /// The modules `target` may import: itself and every module its dependencies reach.
  private func reachableModules(
    from target: PackageGraph.Target, in package: PackageGraph.Package
  ) -> Set<String> {
    var reached: Set<String> = [target.name]
    var visited: Set<[String]> = []
    var queue: [(PackageGraph.Package, PackageGraph.Target)] = [(package, target)]
    while let (package, target) = queue.popLast() {
      guard visited.insert([package.name, target.name]).inserted else { continue }
      reached.insert(target.name)
      for dependency in target.dependencies {
        switch dependency {
        case .target(let name):
          if let next = package.targets.first(where: { $0.name == name }) { queue.append((package, next)) }
        case .product(let name, let packageName):
          guard let owner = graph.package(named: packageName),
            let product = owner.products.first(where: { $0.name == name })
          else { continue }
          for next in owner.targets where product.targets.contains(next.name) { queue.append((owner, next)) }
        case .remote:
          continue
        }
      }
    }
    return reached
  }

  /// The imports of each Swift file of `target`, by path relative to the root, in path order.
  private func imports(of target: PackageGraph.Target) -> [(String, [ImportScanner.Import])] {
    let directory = root.appendingPathComponent(target.sourcePath)
    guard
      let enumerator = FileManager.default.enumerator(
        at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    let prefix = directory.standardizedFileURL.path + "/"
    var files: [String] = []
    for case let url as URL in enumerator {
      let path = url.standardizedFileURL.path
      guard path.hasPrefix(prefix) else { continue }
      let relative = String(path.dropFirst(prefix.count))
      if target.exclude.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) {
        enumerator.skipDescendants()
        continue
      }
      if relative.hasSuffix(".swift") { files.append(relative) }
    }
    return files.sorted().compactMap { relative in
      let url = directory.appendingPathComponent(relative)
      guard let source = try? String(contentsOf: url, encoding: .utf8) else { return nil }
      return ("\(target.sourcePath)/\(relative)", ImportScanner.imports(in: source))
    }
  }
}
