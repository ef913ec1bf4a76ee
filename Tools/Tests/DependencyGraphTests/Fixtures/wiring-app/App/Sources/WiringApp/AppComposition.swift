public import Core

/// Where the app is put together, as in the real App's `AppComposition`.
public enum AppComposition {
  /// The app's features, one line each.
  public static let composition = Composition<AppModel, AppEnvironment>(
    features: [])

  /// A store with the features' live interpreters.
  @MainActor
  public static func makeStore() -> Store<AppModel> {
    Store(model: AppModel(), composition: composition, environment: AppEnvironment())
  }
}
