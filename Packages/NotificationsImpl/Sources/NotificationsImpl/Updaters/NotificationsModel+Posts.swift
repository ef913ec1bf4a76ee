import AuthenticationAPI
import NotificationsAPI
import TodoAPI

// The texts of the notifications this feature posts.
extension NotificationsModel {
  /// Posts the reminder that `item` is due.
  mutating func postReminder(for item: TodoItem) {
    post(title: "Reminder", body: "“\(item.title)” is due now.", kind: .reminder(item.id))
  }

  /// Posts the notice that `session` expired.
  mutating func postSessionExpired(for session: Session) {
    post(
      title: "Session expired",
      body: "\(session.user.name), your session has ended. Sign in again to continue.",
      kind: .sessionExpired)
  }
}
