import SwiftParser
import SwiftSyntax

/// The edit of the App's manifest that makes a feature's packages visible to the App's target that
/// wires features: two `.package(path:)` entries in the package's `dependencies:`, two `.product`
/// entries in the target's.
///
/// The entries go after the last local package (`.package(path:)`) and the last product of a local
/// package, so that the monorepo's packages stay together before the remote ones; the rest of the
/// file is kept byte for byte.
enum ManifestEdit {
  /// Where the manifest is, relative to the monorepo's root, for messages.
  static let path = "App/Package.swift"

  /// `manifest` with `wiring`'s package and product entries added.
  ///
  /// - Parameters:
  ///   - wiring: The feature's wiring.
  ///   - target: The name of the App's target that wires features.
  ///   - manifest: The text of `App/Package.swift`.
  /// - Returns: The new text.
  /// - Throws: ``ToolError/cannotWire(path:reason:)`` if the manifest already names the feature's
  ///   packages, or if it has not exactly one `Package(…)` with a `dependencies: [ … ]` array, or
  ///   not exactly one `target` of that name with a `dependencies: [ … ]` array.
  static func adding(_ wiring: FeatureWiring, target: String, to manifest: String) throws -> String {
    for module in wiring.modules
    where manifest.contains("Packages/\(module)\"") || manifest.contains("\"\(module)\"") {
      throw refusal("it already names \(module)")
    }
    let source = SwiftSource(manifest)
    let packages = try array(
      "dependencies", in: try only(source.calls(to: "Package"), "`Package(…)` call"), of: source,
      what: "`dependencies: [ … ]` in `Package(…)`")
    let localPaths = packages.elements.indices.filter { packages.texts[$0].hasPrefix(".package(path:") }
    let withPackages = SwiftSource(packages.inserting(wiring.packageDependencies, after: localPaths.last))

    let calls = [".target", ".executableTarget"].flatMap { withPackages.calls(to: $0) }
    let named = calls.filter { call in
      call.arguments.contains { argument in
        argument.label?.text == "name"
          && argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue == target
      }
    }
    let products = try array(
      "dependencies", in: try only(named, "`.target(name: \"\(target)\", …)`"), of: withPackages,
      what: "`dependencies: [ … ]` in the `\(target)` target")
    let local = Set(packages.texts.compactMap(localPackage))
    let localProducts = products.elements.indices.filter { index in
      local.contains { products.texts[index].contains("package: \"\($0)\"") }
    }
    return products.inserting(wiring.targetDependencies, after: localProducts.last)
  }

  /// The name of the local package of a `.package(path: "../Packages/Name")` entry.
  private static func localPackage(_ entry: String) -> String? {
    guard entry.hasPrefix(".package(path:"), let start = entry.firstIndex(of: "\""),
      let end = entry[entry.index(after: start)...].firstIndex(of: "\"")
    else { return nil }
    return entry[entry.index(after: start)..<end].split(separator: "/").last.map(String.init)
  }

  /// The one element of `candidates`, or a refusal naming what is missing or repeated.
  private static func only<Element>(_ candidates: [Element], _ what: String) throws -> Element {
    guard candidates.count == 1, let only = candidates.first else {
      throw refusal(
        candidates.isEmpty
          ? "it has no \(what)" : "it has \(candidates.count) \(what), where one was expected")
    }
    return only
  }

  /// The one array value of `label` in the arguments of `call`.
  private static func array(
    _ label: String, in call: FunctionCallExprSyntax, of source: SwiftSource, what: String
  ) throws -> ArrayLiteral {
    // Not `call.arguments.filter`: a syntax collection's `filter` makes a new, detached node,
    // whose offsets are no longer the file's.
    let arrays = call.arguments.compactMap { argument in
      argument.label?.text == label ? argument.expression.as(ArrayExprSyntax.self) : nil
    }
    guard let array = try? only(arrays, what), array.rightSquare.presence == .present else {
      throw refusal(
        arrays.isEmpty
          ? "it has no \(what) (add `\(label): []` to it)"
          : "it has \(arrays.count) \(what), where one was expected")
    }
    return ArrayLiteral(array, in: source)
  }

  private static func refusal(_ reason: String) -> ToolError {
    .cannotWire(path: path, reason: reason)
  }
}
