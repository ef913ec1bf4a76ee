/// The app's live dependencies, as in the real App's `AppEnvironment`: each feature reads its own
/// from it. It has no clock, so the scaffold's conformance adds one.
public struct AppEnvironment: Sendable {
  /// The environment of a launch.
  public init() {}
}
