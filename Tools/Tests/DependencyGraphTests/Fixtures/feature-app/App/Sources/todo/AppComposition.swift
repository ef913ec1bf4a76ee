import AuthenticationImpl
import Core

/// The base App's composition, for the scaffold to add a feature's import to.
enum AppComposition {
  static let composition = Composition<AppModel, AppEnvironment>(features: [])
}
