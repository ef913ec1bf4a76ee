/// Checks the package-level rules: layout, allowed edges, remote dependencies of Core, cycles, and
/// that App reaches every package.
struct BoundaryChecker {
  let graph: PackageGraph

  /// Every package-level violation, grouped by rule in the order of ``Rule``, each group in graph
  /// order.
  func violations() -> [Violation] {
    layout() + edges() + coreRemote() + pageRemote() + cycles() + unreachable()
  }

  // MARK: - Layout

  private func layout() -> [Violation] {
    var violations: [Violation] = []
    if graph.packages.allSatisfy({ $0.layer != .app }) {
      violations.append(Violation(.layout, "App/Package.swift is missing: App is the root of the graph"))
    }
    for package in graph.packages {
      let folder = package.path.split(separator: "/").last.map(String.init) ?? package.path
      if package.layer == .other {
        violations.append(
          Violation(
            .layout,
            "\(package.name) (\(package.path)): a package under Packages/ is Core, Inspector, InspectorPage, "
              + "<Feature>API or <Feature>Impl"
          ))
      } else if package.path.hasPrefix("Packages/"), package.name != folder {
        violations.append(
          Violation(
            .layout, "\(package.name) (\(package.path)): a package is named after its folder, \(folder)"))
      }
      for foreign in package.foreignDependencies {
        violations.append(
          Violation(
            .layout,
            "\(package.name) → \(foreign): a path dependency must be a package of the monorepo "
              + "(Packages/*, App, Tools)"))
      }
    }
    return violations
  }

  // MARK: - Edges

  private func edges() -> [Violation] {
    graph.edges.compactMap { edge in
      guard let from = graph.package(named: edge.from), let to = graph.package(named: edge.to) else {
        return nil
      }
      // A test target obeys the same rules; saying so points the reader at the right manifest entry.
      let pair = "\(from.name) → \(to.name)" + (edge.isTestOnly ? " (test targets only)" : "")
      switch from.layer {
      case .core:
        return Violation(.coreIndependent, "\(pair): Core may depend on nothing but the Swift toolchain")
      case .api where to.layer != .core && to.layer != .api:
        return Violation(
          .apiBoundary, "\(pair): an API package may depend only on Core and other API packages")
      case .impl where to.layer != .core && to.layer != .api:
        return Violation(
          .implBoundary,
          "\(pair): an Impl package may depend only on Core and API packages, never on another Impl")
      case .inspector where to.layer != .core && to.layer != .inspectorPage:
        return Violation(
          .inspectorBoundary,
          "\(pair): the inspector may depend only on Core and its page among the monorepo's packages")
      case .inspectorPage:
        return Violation(
          .inspectorPageIndependent, "\(pair): the inspector's page may depend on no package")
      case .tools where to.layer.isFeature:
        return Violation(.toolsBoundary, "\(pair): Tools may not depend on feature packages")
      case .other where to.layer == .impl:
        return Violation(
          .implOnlyInApp, "\(pair): only App and the benchmarks may depend on an Impl package")
      case _ where to.layer.isRoot:
        let root = to.layer == .app ? "App" : "the benchmarks"
        return Violation(.root, "\(pair): nothing may depend on \(root), a root of the graph")
      default:
        return nil
      }
    }
  }

  // MARK: - Remote dependencies of Core

  private func coreRemote() -> [Violation] {
    graph.packages.filter { $0.layer == .core }.flatMap { core in
      core.targets.filter { !$0.isTest }.flatMap { target in
        target.dependencies.compactMap { dependency -> Violation? in
          guard case .remote(let product, let package) = dependency else { return nil }
          return Violation(
            .coreRemote,
            "\(core.name) → \(package ?? product): target \(target.name) uses product \(product); "
              + "only Core's test targets may use packages outside the toolchain")
        }
      }
    }
  }

  // MARK: - Remote dependencies of the inspector's page

  /// The tools build the page: a remote package of it, even one its tests alone use, would be
  /// resolved for every build of the tools.
  private func pageRemote() -> [Violation] {
    graph.packages.filter { $0.layer == .inspectorPage }.flatMap { page in
      page.targets.flatMap { target in
        target.dependencies.compactMap { dependency -> Violation? in
          guard case .remote(let product, let package) = dependency else { return nil }
          return Violation(
            .inspectorPageIndependent,
            "\(page.name) → \(package ?? product): target \(target.name) uses product \(product); "
              + "the inspector's page may depend on no package")
        }
      }
    }
  }

  // MARK: - Cycles

  private func cycles() -> [Violation] {
    CycleFinder(graph: graph).cycles().map { cycle in
      Violation(.cycle, cycle.joined(separator: " → "))
    }
  }

  // MARK: - Reachability

  private func unreachable() -> [Violation] {
    guard let app = graph.packages.first(where: { $0.layer == .app }) else { return [] }
    var reached: Set<String> = [app.name]
    var queue = [app.name]
    while let name = queue.popLast() {
      for next in graph.dependencies(of: name, includingTests: false) where reached.insert(next).inserted {
        queue.append(next)
      }
    }
    return graph.packages.filter { $0.path.hasPrefix("Packages/") && !reached.contains($0.name) }.map {
      package in
      Violation(
        .unreachable,
        "\(app.name) does not reach \(package.name): add it to the dependencies of App/Package.swift "
          + "(or remove \(package.path))")
    }
  }
}
