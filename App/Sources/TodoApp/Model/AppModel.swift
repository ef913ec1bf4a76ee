public import AuthenticationAPI
public import Foundation
public import NotificationsAPI
public import TodoAPI

/// The whole state of the terminal app: the App's time, one slice per feature, and the App's own
/// UI slice.
public struct AppModel: Hashable, Sendable, Codable {
  /// The time as the App last told it: the launch time (``AppMessage/started(at:timeZone:)``), then
  /// each ``SystemMessage/clockTicked(_:)`` of the App's clock; `nil` until the launch.
  ///
  /// The App owns the time (its System part, ``Core/Feature/clock(_:)``); features read it through
  /// a key path. It moves once a second, so it lags behind the wall clock by up to a second: do
  /// not read it as the current time.
  public var now: Date?
  /// Who is signed in.
  public var authentication: AuthenticationModel
  /// The signed-in user's to-do list.
  public var todos: TodoModel
  /// The inbox.
  public var notifications: NotificationsModel
  /// What the terminal shows.
  public var ui: UIModel

  /// The model at launch: no time told yet, signed out, empty list, listening for OS signals.
  public init() {
    now = nil
    authentication = AuthenticationModel()
    todos = TodoModel()
    notifications = NotificationsModel()
    ui = UIModel()
    ui.listensForSignals = true
  }
}
