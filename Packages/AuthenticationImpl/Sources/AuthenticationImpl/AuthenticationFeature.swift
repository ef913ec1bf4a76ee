public import AuthenticationAPI
public import Core
public import Foundation
public import GRDB

/// What the authentication feature needs from the app's environment.
///
/// The app's environment adopts it (and the other features' environments) with stored properties
/// of these names.
public protocol AuthenticationEnvironment: SendableMetatype {
  /// The clock the session-expiry subscription sleeps on.
  associatedtype SessionClock: Clock<Duration>

  /// The app's database; the feature migrates its tables there (``Core/Composition/prepare(_:)``).
  var database: any DatabaseWriter { get }
  /// Where the current session's token is kept between launches; its folder must exist.
  var sessionFile: URL { get }
  /// The wall-clock time, for stored timestamps and expiries.
  var now: @Sendable () -> Date { get }
  /// The clock the session-expiry subscription sleeps on; tests pass a `TestClock`.
  var clock: SessionClock { get }
}

extension Feature where Environment: AuthenticationEnvironment {
  /// Accounts, sign-in and sessions on the slice at `slice`: its updater and session-expiry
  /// subscription, its messages for replay, its migrations, and its interpreter and expiry runner
  /// on the environment's database, session file and clock.
  ///
  /// - Parameter slice: Where the app's model keeps the authentication slice.
  /// - Returns: The feature.
  public static func authentication(
    _ slice: any WritableKeyPath<Model, AuthenticationModel> & Sendable
  ) -> Self {
    Feature(
      "Authentication",
      updater: .slice(slice, AuthenticationUpdater()),
      subscriptions: .slice(slice, AuthenticationSubscriptions()),
      messageTypes: [AuthenticationMessage.self],
      prepare: { environment in try CredentialStore.migrate(environment.database) },
      interpreters: { environment, registrations in
        let interpreter = AuthenticationInterpreter(
          credentials: CredentialStore(database: environment.database), sessionFile: environment.sessionFile,
          now: environment.now, clock: environment.clock)
        registrations.register(interpreter)
        registrations.register(subscriptions: SessionExpiry.self, run: interpreter.runSessionExpiry)
      })
  }
}
