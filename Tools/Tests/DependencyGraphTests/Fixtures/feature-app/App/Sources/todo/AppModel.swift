public import AuthenticationAPI

/// The base App's model, for the scaffold to add a feature's slice to.
public struct AppModel: Hashable, Sendable {
  /// A slice of another feature.
  public var authentication: Int

  /// The model at launch.
  public init() {
    authentication = 0
  }
}
