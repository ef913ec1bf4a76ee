/// What the App needs to use a scaffolded feature: each line to add, spelled as the App spells the
/// features it already wires (see `App/Package.swift` and `AppComposition`).
///
/// ``FeatureScaffold/wiringInstructions(appTarget:)`` prints these lines; a test pastes them into a
/// fixture App and builds it, so what is printed is known to compile.
public struct FeatureWiring: Equatable, Sendable {
  /// Entries for the package's `dependencies:` in `App/Package.swift`.
  public let packageDependencies: [String]
  /// Entries for the `dependencies:` of the App's composition target.
  public let targetDependencies: [String]
  /// The import the file of the App's model needs: the slice's type is part of a public model.
  public let modelImport: String
  /// The model's new stored property, initialised, so the model's initializers need no change.
  public let modelProperty: String
  /// The imports the composition's file needs.
  public let compositionImports: [String]
  /// The entry for the App's `CombinedUpdater`.
  public let updaterEntry: String
  /// The entry for the App's `CombinedSubscriptionProvider`.
  public let subscriptionsEntry: String
  /// The entry for the list of message types a recorded trace may hold (for replay).
  public let messageTypeEntry: String
  /// The statements that register the feature's interpreters with a store named `store`.
  ///
  /// The command interpreter is given a loader that returns no items, `{ [] }`: it compiles, and
  /// the instructions say to replace it with the live one.
  public let registrations: [String]

  /// The wiring of `feature`.
  ///
  /// - Parameter feature: The feature's name.
  public init(feature: FeatureName) {
    let (name, property) = (feature.name, feature.property)
    packageDependencies = [feature.api, feature.impl].map { #".package(path: "../Packages/\#($0)"),"# }
    targetDependencies = [feature.api, feature.impl].map { #".product(name: "\#($0)", package: "\#($0)"),"# }
    modelImport = "public import \(feature.api)"
    modelProperty = "public var \(property) = \(name)Model()"
    compositionImports = ["import \(feature.api)", "import \(feature.impl)"]
    updaterEntry = #".slice(\.\#(property), \#(name)Updater()),"#
    subscriptionsEntry = #".slice(\.\#(property), \#(name)Subscriptions()),"#
    messageTypeEntry = "\(name)Message.self,"
    registrations = [
      "store.register(\(name)Interpreter(load: { [] }))",
      "store.register(subscriptions: \(name)Refresh.self, run: \(name)RefreshTimer(clock: ContinuousClock()).run)",
    ]
  }
}
