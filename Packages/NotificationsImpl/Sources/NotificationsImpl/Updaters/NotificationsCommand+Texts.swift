import AuthenticationAPI
import NotificationsAPI
import TodoAPI

extension NotificationsCommand {
  /// The notification posted when `item` becomes due.
  static func reminderPost(for item: TodoItem) -> Self {
    .post(title: "Reminder", body: "“\(item.title)” is due now.", kind: .reminder(item.id))
  }

  /// The notification posted when `session` expires.
  static func sessionExpiredPost(for session: Session) -> Self {
    .post(
      title: "Session expired",
      body: "\(session.user.name), your session has ended. Sign in again to continue.",
      kind: .sessionExpired)
  }

  /// The notification posted when SIGHUP asks the app to reload.
  static let reloadingPost = Self.post(
    title: "Reloading", body: "SIGHUP received: reloading the data.", kind: .system)
}
