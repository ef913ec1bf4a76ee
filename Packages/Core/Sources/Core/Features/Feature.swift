/// What one feature contributes to a store, as one value: its updater, its subscription provider,
/// the message types a trace of it may hold, what it sets up before the store runs, and the
/// interpreters it registers from its dependencies.
///
/// A feature's Impl package exposes one function that returns its feature, taking the key path of
/// its slice of the app's model; its dependencies come from the app's `Environment`, through a
/// protocol the Impl declares and the app's environment adopts:
///
/// ```swift
/// extension Feature where Environment: CounterEnvironment {
///   static func counter(_ slice: any WritableKeyPath<Model, Counter> & Sendable) -> Self {
///     Feature(
///       "Counter", updater: .slice(slice, CounterUpdater()), messageTypes: [CounterMessage.self],
///       interpreters: { environment, registrations in
///         registrations.register(CounterInterpreter(archive: environment.archive))
///       })
///   }
/// }
/// ```
///
/// The pure parts (``updater``, ``subscriptions``, ``messageTypes``) need no environment, so a trace
/// can be replayed through a feature without its database or clock. A ``Composition`` puts
/// features together; a store is made from it (``Store/init(model:composition:environment:)``).
///
/// - Note: `Environment` is whatever the app passes its features, usually a struct of live
///   dependencies; a feature that needs none leaves it unconstrained.
public struct Feature<Model, Environment>: Sendable {
  /// The feature's name, for diagnostics (``Composition/prepare(_:)``'s errors name it).
  public let name: String
  /// The feature's updater, on the whole model or on its slice; `nil` if it has none.
  public let updater: UpdaterPart<Model>?
  /// The feature's subscription provider; `nil` if it has none.
  public let subscriptions: SubscriptionProviderPart<Model>?
  /// The message types the feature sends and a recorded trace may hold, for replay.
  public let messageTypes: [any (Message & Decodable).Type]
  /// Runs before the store is made, with the app's environment: a database's migrations, say.
  let prepare: @Sendable (Environment) throws -> Void
  /// Registers the feature's command interpreters and subscription runners.
  let interpreters: @Sendable (Environment, inout Registrations) -> Void

  /// Creates a feature from its parts.
  ///
  /// - Parameters:
  ///   - name: The feature's name, for diagnostics.
  ///   - updater: Its updater, as a part of a ``CombinedUpdater``: `.full` or `.slice`.
  ///   - subscriptions: Its subscription provider, as a part of a ``CombinedSubscriptionProvider``.
  ///   - messageTypes: The message types it sends, for trace replay.
  ///   - prepare: What must be done once before its interpreters run (migrating the feature's tables,
  ///     say), given the app's environment. It may throw; nothing is registered then.
  ///   - interpreters: Registers its interpreters and subscription runners, built from the app's
  ///     environment.
  public init(
    _ name: String,
    updater: UpdaterPart<Model>? = nil,
    subscriptions: SubscriptionProviderPart<Model>? = nil,
    messageTypes: [any (Message & Decodable).Type] = [],
    prepare: @escaping @Sendable (Environment) throws -> Void = { _ in },
    interpreters: @escaping @Sendable (Environment, inout Registrations) -> Void = { _, _ in }
  ) {
    self.name = name
    self.updater = updater
    self.subscriptions = subscriptions
    self.messageTypes = messageTypes
    self.prepare = prepare
    self.interpreters = interpreters
  }
}
