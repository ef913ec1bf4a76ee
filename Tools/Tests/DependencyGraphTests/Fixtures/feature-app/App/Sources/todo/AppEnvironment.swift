/// The base App's environment: the features read their dependencies from it, as the real App's
/// `AppEnvironment`. It has a clock, so the scaffold's conformance adds none.
struct AppEnvironment: Sendable {
  /// The clock subscriptions sleep on.
  let clock = ContinuousClock()
}
