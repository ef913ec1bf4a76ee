/// A store's parts made from a list of features plus the app's own: one updater, one subscription
/// provider, the message types of a trace, and the interpreters to register.
///
/// ```swift
/// let composition = Composition<AppModel, AppEnvironment>(
///   features: [
///     .authentication(\.authentication),
///     .counter(\.counter),
///   ],
///   app: Feature("App", updater: .full(AppUpdater()), messageTypes: [AppMessage.self]))
/// let store = Store(model: AppModel(), composition: composition, environment: environment)
/// ```
///
/// ## Order
/// The order is the list's, then the app's own feature last:
/// - every updater that handles a message runs in that order, and their commands are concatenated
///   in that order, so the app's updater sees the features' changes already applied;
/// - subscriptions are listed in that order;
/// - ``prepare(_:)`` runs each feature's preparation in that order, and stops at the first that throws;
/// - interpreters are registered in that order (two features must not register the same type).
public struct Composition<Model, Environment>: Sendable {
  /// The features, the app's own last if it has one.
  public let features: [Feature<Model, Environment>]
  /// Every feature's updater, in order.
  public let updater: CombinedUpdater<Model>
  /// Every feature's subscription provider, in order; `nil` when no feature has one, so that a store
  /// made from the composition skips reconciling.
  public let subscriptions: CombinedSubscriptionProvider<Model>?

  /// Composes `features`, then the app's own parts.
  ///
  /// - Parameters:
  ///   - features: The features, in the order their updaters run.
  ///   - app: The app's own updater, subscriptions and message types, which come after every
  ///     feature's; `nil` if the app has none.
  public init(features: [Feature<Model, Environment>], app: Feature<Model, Environment>? = nil) {
    let all = features + (app.map { [$0] } ?? [])
    self.features = all
    updater = CombinedUpdater(all.compactMap(\.updater))
    let providers = all.compactMap(\.subscriptions)
    subscriptions = providers.isEmpty ? nil : CombinedSubscriptionProvider(providers)
  }

  /// Every message type a trace of the app can hold, feature by feature, for replay.
  public var messageTypes: [any (Message & Decodable).Type] {
    features.flatMap(\.messageTypes)
  }

  /// Runs every feature's preparation (migrations, say) with `environment`, in order.
  ///
  /// Call it once before making a store whose interpreters rely on it.
  ///
  /// - Parameter environment: The app's dependencies.
  /// - Throws: The first error a feature's preparation throws, unchanged; the features after it
  ///   are not prepared.
  public func prepare(_ environment: Environment) throws {
    for feature in features {
      try feature.prepare(environment)
    }
  }

  /// The interpreters and subscription runners of every feature, built from `environment`.
  ///
  /// - Parameter environment: The app's dependencies.
  /// - Returns: The registrations, feature by feature, in order.
  public func registrations(_ environment: Environment) -> Registrations {
    var registrations = Registrations()
    for feature in features {
      feature.interpreters(environment, &registrations)
    }
    return registrations
  }
}
