/// Checks the root manifest, `Package.swift` at the repository's root: what other projects get
/// when they depend on the repository by URL.
///
/// SwiftPM reads only the root manifest of a repository, so that manifest re-exposes the framework
/// from `Packages/Core/Sources`. It must stay exactly Core's library: the same products, the same
/// non-test targets at the same sources with the same dependencies, no test target, and no package
/// dependency (a consumer would resolve and fetch it).
struct RootManifestChecker {
  /// The root manifest, or `nil` if the repository has none.
  let root: PackageManifest?
  /// The manifest of `Packages/Core`.
  let core: PackageManifest

  /// The file the rule is about.
  static let path = "Package.swift"

  /// Every violation of ``Rule/rootManifest``, in a stable order.
  func violations() -> [Violation] {
    guard let root else {
      return [
        Violation(
          .rootManifest,
          "\(Self.path) is missing: other projects depend on the repository through it; it exposes "
            + "Core's library targets from Packages/Core/Sources")
      ]
    }
    return dependencies(of: root) + products(of: root) + targets(of: root)
  }

  private func dependencies(of root: PackageManifest) -> [Violation] {
    root.dependencies.map { dependency in
      Violation(
        .rootManifest,
        "\(Self.path) → \(dependency.identity): the root manifest depends on no package "
          + "(every project that depends on the repository would resolve it)")
    }
  }

  private func products(of root: PackageManifest) -> [Violation] {
    let expected = core.products
    var violations: [Violation] = []
    for product in root.products where !expected.contains(product) {
      let known = expected.first { $0.name == product.name }
      violations.append(
        Violation(
          .rootManifest,
          known.map {
            "\(Self.path): product \(product.name) bundles \(product.targets), Packages/Core's \($0.targets)"
          } ?? "\(Self.path): product \(product.name) is not a product of Packages/Core"))
    }
    for product in expected where !root.products.contains(where: { $0.name == product.name }) {
      violations.append(
        Violation(.rootManifest, "\(Self.path): product \(product.name) of Packages/Core is missing"))
    }
    return violations
  }

  private func targets(of root: PackageManifest) -> [Violation] {
    let expected = core.targets.filter { !$0.isTest }
    var violations: [Violation] = []
    for target in root.targets {
      guard let original = expected.first(where: { $0.name == target.name }) else {
        let kind = target.isTest ? "test target" : "target"
        violations.append(
          Violation(
            .rootManifest,
            "\(Self.path): \(kind) \(target.name) is not a library target of Packages/Core "
              + "(the root manifest exposes Core's library only; tests run in Packages/Core)"))
        continue
      }
      let sources = "Packages/Core/" + (original.path ?? "Sources/\(original.name)")
      if target.path != sources {
        violations.append(
          Violation(
            .rootManifest,
            "\(Self.path): target \(target.name) must take its sources from \(sources), not "
              + (target.path ?? "Sources/\(target.name)")))
      }
      if names(target.dependencies) != names(original.dependencies) {
        violations.append(
          Violation(
            .rootManifest,
            "\(Self.path): target \(target.name) depends on \(describe(target.dependencies)), "
              + "Packages/Core's on \(describe(original.dependencies))"))
      }
    }
    for target in expected where !root.targets.contains(where: { $0.name == target.name }) {
      violations.append(
        Violation(.rootManifest, "\(Self.path): target \(target.name) of Packages/Core is missing"))
    }
    return violations
  }

  /// Dependencies as a phrase: `nothing`, or the sorted names.
  private func describe(_ dependencies: [PackageManifest.TargetDependency]) -> String {
    let names = names(dependencies)
    return names.isEmpty ? "nothing" : names.joined(separator: ", ")
  }

  /// Dependencies as sorted names: a target of the same package is the same module whichever
  /// spelling the manifest uses.
  private func names(_ dependencies: [PackageManifest.TargetDependency]) -> [String] {
    dependencies.map { dependency in
      switch dependency {
      case .target(let name), .byName(let name): name
      case .product(let name, let package): "\(package ?? name)/\(name)"
      }
    }.sorted()
  }
}
