/// Writes the package graph as JSON, for scripts: layers, packages with their targets and resolved
/// dependencies, and package edges.
enum JSONRenderer {
  /// The JSON text of `graph`, ending with a newline.
  static func render(_ graph: PackageGraph) -> String {
    let layers = LayerStyle.drawingOrder.compactMap { layer -> JSONValue? in
      let packages = graph.packages(in: layer)
      guard !packages.isEmpty else { return nil }
      return .object([
        ("id", .string(layer.rawValue)),
        ("title", .string(layer.title)),
        ("packages", .array(packages.map { .string($0.name) })),
      ])
    }
    let document = JSONValue.object([
      ("generator", .string("make graph (Tools/depgraph)")),
      ("layers", .array(layers)),
      ("packages", .array(graph.packages.map(package))),
      ("edges", .array(graph.edges.map(edge))),
    ])
    return document.text() + "\n"
  }

  private static func package(_ package: PackageGraph.Package) -> JSONValue {
    .object([
      ("name", .string(package.name)),
      ("path", .string(package.path)),
      ("layer", .string(package.layer.rawValue)),
      (
        "products",
        .array(
          package.products.map { product in
            .object([
              ("name", .string(product.name)), ("targets", .array(product.targets.map(JSONValue.string))),
            ])
          })
      ),
      ("targets", .array(package.targets.map(target))),
      ("remoteDependencies", .array(package.remoteDependencies.map(JSONValue.string))),
    ])
  }

  private static func target(_ target: PackageGraph.Target) -> JSONValue {
    .object([
      ("name", .string(target.name)),
      ("type", .string(target.type)),
      ("dependencies", .array(target.dependencies.map(dependency))),
    ])
  }

  private static func dependency(_ dependency: PackageGraph.Dependency) -> JSONValue {
    switch dependency {
    case .target(let name):
      return .object([("target", .string(name))])
    case .product(let name, let package):
      return .object([("product", .string(name)), ("package", .string(package))])
    case .remote(let name, let package):
      var members: [(String, JSONValue)] = [("product", .string(name))]
      if let package { members.append(("package", .string(package))) }
      members.append(("remote", .bool(true)))
      return .object(members)
    }
  }

  private static func edge(_ edge: PackageGraph.Edge) -> JSONValue {
    .object([("from", .string(edge.from)), ("to", .string(edge.to)), ("testOnly", .bool(edge.isTestOnly))])
  }
}
