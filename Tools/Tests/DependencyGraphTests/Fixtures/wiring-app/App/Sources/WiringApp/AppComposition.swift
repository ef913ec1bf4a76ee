public import Core

// wiring: composition imports

/// Where the app is put together, as in the real App's `AppComposition`.
public enum AppComposition {
  /// The combined updater.
  public static var updater: CombinedUpdater<AppModel> {
    CombinedUpdater<AppModel>([
      // wiring: updater
    ])
  }

  /// The combined subscription provider.
  public static var subscriptions: CombinedSubscriptionProvider<AppModel> {
    CombinedSubscriptionProvider<AppModel>([
      // wiring: subscriptions
    ])
  }

  /// Every message type a trace of the app can hold, for replay.
  public static let messageTypes: [any (Message & Decodable).Type] = [
    // wiring: message types
  ]

  /// A store with the live interpreters.
  @MainActor
  public static func makeStore() -> Store<AppModel> {
    let store = Store(model: AppModel(), updater: updater, subscriptions: subscriptions)
    // wiring: registrations
    return store
  }
}
