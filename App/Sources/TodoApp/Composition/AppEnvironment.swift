public import AuthenticationImpl
public import Foundation
public import GRDB
public import NotificationsImpl
public import TodoImpl

/// The live dependencies the app's features build their interpreters from.
public struct AppEnvironment: Sendable {
  /// The app's one database, opened by ``AppComposition/openDatabase(in:)``.
  public let database: any DatabaseWriter
  /// The data folder.
  public let folder: URL
  /// The wall-clock time.
  public let now: @Sendable () -> Date
  /// The clock subscriptions sleep on.
  public let clock: ContinuousClock

  /// The live environment on `database` in `folder`.
  ///
  /// - Parameters:
  ///   - database: The app's database.
  ///   - folder: The data folder, for the session token file.
  public init(database: any DatabaseWriter, folder: URL) {
    self.database = database
    self.folder = folder
    now = { Date() }
    clock = ContinuousClock()
  }

  /// The file of the saved session's token, inside the data folder.
  public var sessionFile: URL { folder.appendingPathComponent(AppComposition.sessionFileName) }
}

extension AppEnvironment: AuthenticationEnvironment, TodoEnvironment, NotificationsEnvironment {}
