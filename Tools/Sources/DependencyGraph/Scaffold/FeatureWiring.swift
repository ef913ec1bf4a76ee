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
  /// message types and interpreters in one value. Its dependencies come from the App's environment,
  /// which conforms to ``environmentProtocol`` (``environmentConformance(of:isPublic:hasClock:)``).
  public let featureEntry: String
  /// The protocol of the feature's dependencies, which the App's environment conforms to:
  /// `PaymentsEnvironment`.
  public let environmentProtocol: String
  /// The environment's loader of the feature's items: `loadPaymentsItems`.
  public let loaderProperty: String

  /// The feature's two modules: its API, then its Impl.
  public let modules: [String]
  /// The feature's name: `Payments`.
  public let name: String

  /// The wiring of `feature`.
  ///
  /// - Parameter feature: The feature's name.
  public init(feature: FeatureName) {
    let (name, property) = (feature.name, feature.property)
    self.name = name
    modules = [feature.api, feature.impl]
    packageDependencies = [feature.api, feature.impl].map { #".package(path: "../Packages/\#($0)"),"# }
    targetDependencies = [feature.api, feature.impl].map { #".product(name: "\#($0)", package: "\#($0)"),"# }
    modelImport = "public import \(feature.api)"
    modelProperty = "public var \(property) = \(name)Model()"
    modelPropertyDocumentation = "/// The \(name) feature's state."
    compositionImport = "import \(feature.impl)"
    featureEntry = #".\#(property)(\.\#(property)),"#
    environmentProtocol = "\(name)Environment"
    loaderProperty = "load\(name)Items"
  }

  /// The name of the file, next to the one declaring the App's environment `type`, that makes it
  /// conform to ``environmentProtocol``: `AppEnvironment+Payments.swift`.
  public func environmentFileName(of type: String) -> String {
    "\(type)+\(name).swift"
  }

  /// The text of that file: the Impl's import, and the conformance of `type` with a loader that
  /// returns no items, `{ [] }` (it compiles; the report says to replace it with the live call),
  /// and a `ContinuousClock` unless `type` already has a `clock`.
  ///
  /// - Parameters:
  ///   - type: The App's environment type, such as `AppEnvironment`.
  ///   - isPublic: Whether `type` is public: then so are the import and the members.
  ///   - hasClock: Whether `type` already declares a member named `clock`.
  /// - Returns: The file's text.
  public func environmentConformance(of type: String, isPublic: Bool, hasClock: Bool) -> String {
    let access = isPublic ? "public " : ""
    let clock =
      hasClock
      ? ""
      : """

        /// The clock the \(name) feature's refresh timer sleeps on.
        \(access)var clock: ContinuousClock { ContinuousClock() }
      """
    return """
      \(access)import \(modules[1])

      /// What the \(name) feature reads from the app's environment.
      extension \(type): \(environmentProtocol) {
        /// Loads the \(name) feature's items: none yet; replace `{ [] }` with the live call.
        \(access)var \(loaderProperty): @Sendable () async throws -> [String] { { [] } }\(clock)
      }

      """
  }
}
