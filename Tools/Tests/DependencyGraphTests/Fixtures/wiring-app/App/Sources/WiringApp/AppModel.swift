/// The app's model: one slice per feature, like the real App's, and as the real one, `Hashable` and
/// `Codable`.
public struct AppModel: Hashable, Sendable, Codable {
  /// How many times the app started; a slice of the App's own.
  public var launches: Int

  /// The model at launch.
  public init() {
    launches = 0
  }
}
