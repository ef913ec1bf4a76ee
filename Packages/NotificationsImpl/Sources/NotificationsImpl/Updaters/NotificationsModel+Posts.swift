import AuthenticationAPI
import Foundation
import NotificationsAPI
import TodoAPI

// The texts of the notifications this feature posts, at the time it has judged up to.
extension NotificationsModel {
  /// When the feature posts: ``NotificationsAPI/NotificationsModel/watchedUntil``; the Unix epoch
  /// before the app has told any time.
  private var postingTime: Date { watchedUntil ?? Date(timeIntervalSince1970: 0) }

  /// Posts the reminder that `item` is due.
  mutating func postReminder(for item: TodoItem) {
    post(title: "Reminder", body: "“\(item.title)” is due now.", kind: .reminder(item.id), at: postingTime)
  }

  /// Posts one notification for the `count` items that came due while their user was away,
  /// naming the first `named` of `first`, in order; posts nothing for none.
  mutating func postMissedReminders(_ first: [TodoItem], count: Int, naming named: Int) {
    guard count > 0 else { return }
    let titles = first.prefix(named).map { "“\($0.title)”" }.joined(separator: ", ")
    let rest = count > named ? " and \(count - named) more" : ""
    post(
      title: "\(count) reminder\(count == 1 ? "" : "s") came due while you were away",
      body: "\(titles)\(rest).", kind: .missedReminders(count: count), at: postingTime)
  }

  /// Posts the notice that `session` expired.
  mutating func postSessionExpired(for session: Session) {
    post(
      title: "Session expired",
      body: "\(session.user.name), your session has ended. Sign in again to continue.",
      kind: .sessionExpired, at: postingTime)
  }
}
