/// What the App needs to use a scaffolded feature, spelled as the App spells the features it
/// already wires (see `App/Package.swift` and `AppComposition`).
///
/// The feature itself is one line of the App's composition, ``featureEntry``; with the rest of what
/// Swift needs to see the packages (their manifest entries, the model's slice, the imports) the
/// scaffold adds it itself (``AppWiring``), or prints it with `--print-only`
/// (``FeatureScaffold/wiringInstructions(appTarget:)``). A test builds a fixture App the scaffold
/// edited, so what is written and printed is known to compile.
public struct FeatureWiring: Equatable, Sendable {
  /// Entries for the package's `dependencies:` in `App/Package.swift`.
  public let packageDependencies: [String]
  /// Entries for the `dependencies:` of the App's composition target.
  public let targetDependencies: [String]
  /// The import the file of the App's model needs: the slice's type is part of a public model.
  public let modelImport: String
  /// The model's new stored property, initialised, so the model's initializers need no change.
  public let modelProperty: String
  /// The documentation of ``modelProperty``, written above it.
  public let modelPropertyDocumentation: String
  /// The import the composition's file needs: the Impl, which offers the feature.
  public let compositionImport: String
  /// The feature, as an entry of the composition's list of features: its updater, subscriptions,
  /// message types and interpreters in one value.
  ///
  /// The interpreter is given a loader that returns no items, `{ [] }`: it compiles, and the
  /// instructions say to replace it with the live one.
  public let featureEntry: String

  /// The feature's two modules: its API, then its Impl.
  public let modules: [String]

  /// The wiring of `feature`.
  ///
  /// - Parameter feature: The feature's name.
  public init(feature: FeatureName) {
    let (name, property) = (feature.name, feature.property)
    modules = [feature.api, feature.impl]
    packageDependencies = [feature.api, feature.impl].map { #".package(path: "../Packages/\#($0)"),"# }
    targetDependencies = [feature.api, feature.impl].map { #".product(name: "\#($0)", package: "\#($0)"),"# }
    modelImport = "public import \(feature.api)"
    modelProperty = "public var \(property) = \(name)Model()"
    modelPropertyDocumentation = "/// The \(name) feature's state."
    compositionImport = "import \(feature.impl)"
    featureEntry = #".\#(property)(\.\#(property), load: { [] }, clock: ContinuousClock()),"#
  }
}
