import Foundation

extension PackageGraph {
  /// Builds the graph from the manifests of the monorepo's packages.
  ///
  /// - Parameters:
  ///   - manifests: Each package folder's manifest, by folder relative to the root.
  ///   - loader: Turns SwiftPM's absolute paths into paths relative to the root.
  init(manifests: [String: PackageManifest], loader: ManifestLoader) {
    let directories = manifests.keys.sorted { lhs, rhs in
      let (left, right) = (Layer.of(directory: lhs), Layer.of(directory: rhs))
      return left != right ? left < right : (manifests[lhs]!.name, lhs) < (manifests[rhs]!.name, rhs)
    }
    var packages: [Package] = []
    var edges: [Edge] = []
    for directory in directories {
      let manifest = manifests[directory]!
      var local: [(identity: String, manifest: PackageManifest)] = []
      var foreign: [String] = []
      var remote: [String] = []
      for dependency in manifest.dependencies {
        guard let path = dependency.localPath else {
          remote.append(dependency.identity)
          continue
        }
        if let relative = loader.relativePath(of: path), let target = manifests[relative] {
          local.append((dependency.identity, target))
        } else {
          foreign.append(loader.relativePath(of: path) ?? dependency.identity)
        }
      }
      let resolver = DependencyResolver(manifest: manifest, localDependencies: local)
      let targets = manifest.targets.map { target in
        Target(
          name: target.name, type: target.type,
          sourcePath: sourcePath(of: target, in: directory, loader: loader),
          exclude: target.exclude,
          dependencies: target.dependencies.map(resolver.resolve))
      }
      packages.append(
        Package(
          name: manifest.name, path: directory, layer: Layer.of(directory: directory),
          products: manifest.products.map { Product(name: $0.name, targets: $0.targets) },
          targets: targets, remoteDependencies: remote, foreignDependencies: foreign))
      var seen: Set<String> = []
      for (_, dependency) in local where seen.insert(dependency.name).inserted {
        let users = targets.filter { target in
          target.dependencies.contains { if case .product(_, dependency.name) = $0 { true } else { false } }
        }
        edges.append(
          Edge(
            from: manifest.name, to: dependency.name,
            isTestOnly: !users.isEmpty && users.allSatisfy(\.isTest)))
      }
    }
    let order = Dictionary(
      packages.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    self.packages = packages
    self.edges = edges.sorted {
      (order[$0.from] ?? 0, order[$0.to] ?? 0) < (order[$1.from] ?? 0, order[$1.to] ?? 0)
    }
  }
}

/// Where SwiftPM looks for a target's sources when the manifest gives no `path`.
private func sourcePath(
  of target: PackageManifest.Target, in directory: String, loader: ManifestLoader
) -> String {
  if let path = target.path { return "\(directory)/\(path)" }
  let candidates: [String] =
    switch target.type {
    case "test": ["Tests"]
    case "plugin": ["Plugins"]
    default: ["Sources", "Source", "src", "srcs"]
    }
  let existing = candidates.first { candidate in
    FileManager.default.fileExists(atPath: loader.url(of: "\(directory)/\(candidate)/\(target.name)").path)
  }
  return "\(directory)/\(existing ?? candidates[0])/\(target.name)"
}

/// Resolves the entries of one manifest's target `dependencies:` to targets and products.
private struct DependencyResolver {
  let manifest: PackageManifest
  let localDependencies: [(identity: String, manifest: PackageManifest)]

  func resolve(_ dependency: PackageManifest.TargetDependency) -> PackageGraph.Dependency {
    switch dependency {
    case .target(let name):
      return .target(name)
    case .byName(let name):
      if manifest.targets.contains(where: { $0.name == name }) { return .target(name) }
      return product(name, package: nil)
    case .product(let name, let package):
      return product(name, package: package)
    }
  }

  /// A product of a local dependency if one matches, else a remote product.
  ///
  /// `package:` names a dependency by identity (its folder, compared without case) or, in older
  /// manifests, by the dependency's declared name; without it, the product's name alone decides.
  private func product(_ name: String, package: String?) -> PackageGraph.Dependency {
    let candidates = localDependencies.filter { dependency in
      guard let package else { return true }
      return dependency.identity == package.lowercased() || dependency.manifest.name == package
    }
    if let match = candidates.first(where: { $0.manifest.products.contains { $0.name == name } }) {
      return .product(name, package: match.manifest.name)
    }
    if package != nil, let match = candidates.first {
      // A product the package does not vend: SwiftPM will refuse it, but the edge is real.
      return .product(name, package: match.manifest.name)
    }
    return .remote(name, package: package)
  }
}
