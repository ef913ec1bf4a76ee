import Foundation
import SwiftSyntax

/// The edits that wire a scaffolded feature into the App, all planned before anything is written:
/// the two packages and two products in `App/Package.swift`, the import and the slice in the file
/// of the App's model, the Impl's import and the feature's entry in the file of the App's
/// composition, and a new file next to the App's environment that makes it conform to the feature's
/// environment protocol.
///
/// The files are found from the manifest, not from fixed paths: the App's target that wires the
/// features (``Monorepo/appCompositionTarget()``), the one file of that target that makes a
/// `Composition<Model, Environment>`, and the one file of that target that declares `struct Model`,
/// and the one that declares `struct Environment`.
/// What is not found exactly once is refused, naming the file, so nothing is ever half-edited.
struct AppWiring {
  /// The App's target that wires the features: `TodoApp`.
  let target: String
  /// The file that makes the composition, relative to the root.
  let compositionFile: String
  /// The composition's model type: `AppModel`.
  let modelType: String
  /// The file that declares the model, relative to the root.
  let modelFile: String
  /// The composition's environment type: `AppEnvironment`.
  let environmentType: String
  /// The new file that makes the environment conform to the feature's environment protocol,
  /// relative to the root.
  let environmentFile: String
  /// Each edited file, relative to the root, with its new text: the manifest, then the model's file,
  /// then the composition's (one entry if the model and the composition share a file), then the
  /// environment's conformance, a new file.
  let edits: [(path: String, text: String)]

  /// Plans the edits for `feature` in `monorepo`'s App, writing nothing.
  ///
  /// - Parameters:
  ///   - feature: The feature.
  ///   - position: Where the feature's entry goes in the composition's `features:` list.
  ///   - monorepo: The monorepo whose App to edit.
  /// - Returns: The plan.
  /// - Throws: ``ToolError/cannotWire(path:reason:)`` naming the file whose anchor is missing,
  ///   repeated, or already holds the feature.
  static func plan(
    _ feature: FeatureName, at position: FeaturePosition = .last, in monorepo: Monorepo
  ) throws -> AppWiring {
    let wiring = FeatureWiring(feature: feature)
    let manifestPath = ManifestEdit.path
    guard let manifest = read(manifestPath, in: monorepo) else {
      throw ToolError.cannotWire(path: manifestPath, reason: "it is missing")
    }
    guard let target = monorepo.appCompositionTargetManifest() else {
      throw ToolError.cannotWire(path: manifestPath, reason: "it cannot be read or declares no target")
    }
    let editedManifest = try ManifestEdit.adding(wiring, target: target.name, to: manifest)

    let folder = "App/" + (target.path ?? "Sources/\(target.name)")
    let files = swiftFiles(under: folder, in: monorepo).compactMap { path in
      read(path, in: monorepo).map { (path: path, text: $0) }
    }
    let compositions = files.flatMap { file in compositionTypes(in: file.text).map { (file.path, $0) } }
    guard compositions.count == 1, let (compositionFile, (modelType, environmentType)) = compositions.first
    else {
      throw ToolError.cannotWire(
        path: folder,
        reason: compositions.isEmpty
          ? "no file of the `\(target.name)` target makes a `Composition<Model, Environment>(features: …)`"
          : "\(compositions.count) places of the `\(target.name)` target make a `Composition<…>`: "
            + compositions.map { $0.0 }.joined(separator: ", "))
    }
    let models = files.filter {
      !SourceEdit.structDeclarations(of: modelType, in: SwiftSource($0.text)).isEmpty
    }
    guard models.count == 1, let model = models.first else {
      throw ToolError.cannotWire(
        path: folder,
        reason: models.isEmpty
          ? "no file of the `\(target.name)` target declares `struct \(modelType)`, the composition's model"
          : "several files declare `struct \(modelType)`: " + models.map { $0.path }.joined(separator: ", "))
    }

    let environments = files.compactMap { file in
      SourceEdit.structDeclarations(of: environmentType, in: SwiftSource(file.text)).first.map {
        (file.path, $0)
      }
    }
    guard environments.count == 1, let (environmentPath, environment) = environments.first else {
      throw ToolError.cannotWire(
        path: folder,
        reason: environments.isEmpty
          ? "no file of the `\(target.name)` target declares `struct \(environmentType)`, the composition's "
            + "environment, which the feature's `\(wiring.environmentProtocol)` needs (make the environment a struct)"
          : "several files declare `struct \(environmentType)`: "
            + environments.map { $0.0 }.joined(separator: ", "))
    }
    let environmentFile =
      (environmentPath as NSString).deletingLastPathComponent + "/"
      + wiring.environmentFileName(of: environmentType)
    if FileManager.default.fileExists(atPath: monorepo.url(of: environmentFile).path) {
      throw ToolError.cannotWire(path: environmentFile, reason: "it exists")
    }
    let hasClock = files.contains { file in
      SourceEdit.memberNames(of: environmentType, in: SwiftSource(file.text)).contains("clock")
    }
    let conformance = wiring.environmentConformance(
      of: environmentType, isPublic: environment.modifiers.contains { $0.name.text == "public" },
      hasClock: hasClock)

    var texts = [compositionFile: files.first { $0.path == compositionFile }?.text ?? ""]
    texts[model.path] = try SourceEdit.addingImport(
      wiring.modelImport, of: feature.api,
      to: try SourceEdit.addingProperty(
        [wiring.modelPropertyDocumentation, wiring.modelProperty], named: feature.property,
        toStruct: modelType, in: model.text, path: model.path),
      path: model.path)
    texts[compositionFile] = try SourceEdit.addingImport(
      wiring.compositionImport, of: feature.impl,
      to: try addingFeature(
        wiring.featureEntry, at: position, to: texts[compositionFile] ?? "", path: compositionFile),
      path: compositionFile)
    let sourceEdits = [model.path, compositionFile].reduce(into: [String]()) { paths, path in
      if !paths.contains(path) { paths.append(path) }
    }
    return AppWiring(
      target: target.name, compositionFile: compositionFile, modelType: modelType, modelFile: model.path,
      environmentType: environmentType, environmentFile: environmentFile,
      edits: [(manifestPath, editedManifest)] + sourceEdits.map { ($0, texts[$0] ?? "") }
        + [(environmentFile, conformance)])
  }

  /// Writes the edited files, each replaced at once.
  ///
  /// - Parameter monorepo: The monorepo the plan was made for.
  /// - Throws: ``ToolError/cannotWrite(path:reason:)``.
  func write(into monorepo: Monorepo) throws {
    for (path, text) in edits {
      do {
        try Data(text.utf8).write(to: monorepo.url(of: path), options: .atomic)
      } catch {
        throw ToolError.cannotWrite(path: path, reason: "\(error)")
      }
    }
  }

  /// The model types of the `Composition<Model, Environment>` made in `text`'s code: the first
  /// generic argument of each `Composition<…, …>` (or `Module.Composition<…, …>`) expression.
  static func compositionModels(in text: String) -> [String] {
    compositionTypes(in: text).map(\.model)
  }

  /// The model and environment types of each `Composition<Model, Environment>` made in `text`'s code.
  static func compositionTypes(in text: String) -> [(model: String, environment: String)] {
    compositions(in: SwiftSource(text)).compactMap {
      let arguments = $0.genericArgumentClause.arguments.map(\.argument.trimmedDescription)
      guard arguments.count == 2 else { return nil }
      return (arguments[0], arguments[1])
    }
  }

  /// `text` with `entry` added to the `features:` list of the one `Composition<…, …>(features: [ … ])`
  /// it makes, at `position`.
  ///
  /// - Throws: ``ToolError/cannotWire(path:reason:)`` if the composition's `features:` is not an
  ///   array literal, or `position` names a feature the list does not have.
  static func addingFeature(
    _ entry: String, at position: FeaturePosition, to text: String, path: String
  ) throws -> String {
    let source = SwiftSource(text)
    let arrays = compositions(in: source).compactMap { composition in
      composition.parent?.as(FunctionCallExprSyntax.self)?.arguments.first { $0.label?.text == "features" }?
        .expression.as(ArrayExprSyntax.self)
    }
    guard arrays.count == 1, let array = arrays.first, array.rightSquare.presence == .present else {
      throw ToolError.cannotWire(
        path: path, reason: "its `Composition<…>(features: …)` has no `features: [ … ]` array literal")
    }
    let features = ArrayLiteral(array, in: source)
    switch position {
    case .last: return features.inserting([entry])
    case .first: return features.inserting([entry], after: -1)
    case .after(let name):
      guard let index = features.texts.firstIndex(where: { FeaturePosition.entry($0, isFeature: name) })
      else {
        throw ToolError.cannotWire(
          path: path,
          reason: "its `features:` list has no entry for \(name) to put the new feature after "
            + (features.texts.isEmpty
              ? "(it is empty)"
              : "(it has " + features.texts.map { $0.prefix { $0 != "(" } }.joined(separator: ", ") + ")"))
      }
      return features.inserting([entry], after: index)
    }
  }

  /// The `Composition<Model, Environment>` expressions of `source`.
  private static func compositions(in source: SwiftSource) -> [GenericSpecializationExprSyntax] {
    source.tree.descendants(GenericSpecializationExprSyntax.self).filter { expression in
      let name =
        expression.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        ?? expression.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      return name == "Composition" && expression.genericArgumentClause.arguments.count == 2
    }
  }

  private static func read(_ path: String, in monorepo: Monorepo) -> String? {
    try? String(contentsOf: monorepo.url(of: path), encoding: .utf8)
  }

  /// The Swift files under `folder`, relative to the root, sorted, build folders left out.
  private static func swiftFiles(under folder: String, in monorepo: Monorepo) -> [String] {
    let base = monorepo.url(of: folder)
    guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
      return []
    }
    let prefix = monorepo.root.standardizedFileURL.path + "/"
    var files: [String] = []
    while let url = enumerator.nextObject() as? URL {
      if url.lastPathComponent.hasPrefix(".") {
        enumerator.skipDescendants()
      } else if url.pathExtension == "swift" {
        files.append(String(url.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(prefix.count)))
      }
    }
    return files.sorted()
  }
}
