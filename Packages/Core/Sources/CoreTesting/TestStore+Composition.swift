public import Core
public import Testing

extension TestStore {
  /// Creates a test store from a composition of features, with their interpreters registered.
  ///
  /// The features' updaters and subscription providers are the real ones; their interpreters are
  /// built from `environment`, so a test passes fakes there (a loader, a `TestClock`).
  ///
  /// - Parameters:
  ///   - model: The initial model.
  ///   - composition: The features under test.
  ///   - environment: The dependencies the features build their interpreters from.
  ///   - exhaustivity: How strictly the store checks what the test asserted.
  ///   - timeout: How long `receive` and `finish` wait.
  ///   - sourceLocation: Where to report what is left at the end of the test.
  public convenience init<Environment>(
    model: Model, composition: Composition<Model, Environment>, environment: Environment,
    exhaustivity: Exhaustivity = .on, timeout: Duration = .seconds(5),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if let subscriptions = composition.subscriptions {
      self.init(
        model: model, updater: composition.updater, subscriptions: subscriptions, exhaustivity: exhaustivity,
        timeout: timeout, sourceLocation: sourceLocation)
    } else {
      self.init(
        model: model, updater: composition.updater, exhaustivity: exhaustivity, timeout: timeout,
        sourceLocation: sourceLocation)
    }
    store.register(composition.registrations(environment))
  }
}
