/// The colours of a layer in the drawn graphs, chosen so the layers read apart at a glance.
struct LayerStyle {
  /// The node's background.
  let fill: String
  /// The node's border.
  let stroke: String
  /// The node's text.
  let text: String
  /// The colour's name, for the legend.
  let colourName: String

  /// The style of `layer`.
  static func of(_ layer: Layer) -> LayerStyle {
    switch layer {
    case .core: LayerStyle(fill: "#dbeafe", stroke: "#1e40af", text: "#1e3a8a", colourName: "blue")
    case .api: LayerStyle(fill: "#dcfce7", stroke: "#166534", text: "#14532d", colourName: "green")
    case .impl: LayerStyle(fill: "#ffedd5", stroke: "#9a3412", text: "#7c2d12", colourName: "orange")
    case .inspector: LayerStyle(fill: "#ccfbf1", stroke: "#115e59", text: "#134e4a", colourName: "teal")
    case .inspectorPage:
      LayerStyle(fill: "#e0f2fe", stroke: "#0369a1", text: "#0c4a6e", colourName: "sky blue")
    case .app: LayerStyle(fill: "#f3e8ff", stroke: "#6b21a8", text: "#581c87", colourName: "purple")
    case .benchmarks:
      LayerStyle(fill: "#fef9c3", stroke: "#854d0e", text: "#713f12", colourName: "yellow")
    case .tools: LayerStyle(fill: "#f3f4f6", stroke: "#4b5563", text: "#1f2937", colourName: "grey")
    case .other: LayerStyle(fill: "#fee2e2", stroke: "#991b1b", text: "#7f1d1d", colourName: "red")
    }
  }

  /// The layers in the order the graphs list them: top (App) to bottom (Core), then the rest.
  static let drawingOrder: [Layer] = [
    .app, .benchmarks, .inspector, .impl, .api, .inspectorPage, .core, .tools, .other,
  ]
}

extension PackageGraph {
  /// The packages of `layer`, in graph order.
  func packages(in layer: Layer) -> [Package] {
    packages.filter { $0.layer == layer }
  }

  /// Pairs of packages, the first of each non-empty layer from App down to Core, that the drawings
  /// join with an invisible edge so that the layers stack in order even where no real dependency
  /// crosses them (an App that does not yet depend on the Impl packages).
  var layerAnchors: [(upper: String, lower: String)] {
    let firsts = [Layer.app, .impl, .api, .core].compactMap { packages(in: $0).first?.name }
    return zip(firsts, firsts.dropFirst()).map { ($0, $1) }
  }
}

extension PackageGraph.Package {
  /// The names of its modules, for the node's label.
  var moduleSummary: String {
    modules.map(\.name).joined(separator: ", ")
  }
}
