public import AuthenticationAPI
public import NotificationsAPI
public import TodoAPI

/// The whole state of the terminal app: one slice per feature plus the app's own UI slice.
public struct AppModel: Hashable, Sendable, Codable {
  /// Who is signed in.
  public var authentication: AuthenticationModel
  /// The signed-in user's to-do list.
  public var todos: TodoModel
  /// The inbox and the time as last told.
  public var notifications: NotificationsModel
  /// What the terminal shows.
  public var ui: UIModel

  /// The model at launch: signed out, empty list, listening for OS signals.
  public init() {
    authentication = AuthenticationModel()
    todos = TodoModel()
    notifications = NotificationsModel()
    ui = UIModel()
    ui.listensForSignals = true
  }
}
