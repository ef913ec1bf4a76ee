public import AuthenticationAPI
public import Core
public import Foundation
public import TodoAPI

/// What happened in notifications: a reminder's countdown began, a reminder rang, a user's
/// seen-until time was read.
///
/// The time is not one of them: the app's model owns the clock and its own message moves it;
/// NotificationsImpl reads the time through a key path. Posting, marking read, dismissing and
/// clearing are updates of ``NotificationsModel`` (its identities come from a counter in the model,
/// its times from the model), so none of them needs a command or a message.
public enum NotificationsMessage: Message, Hashable, Codable {
  /// A to-do item's due time arrived (from a ``ReminderSubscription``); `at` is the wall-clock time
  /// the reminder observed when it rang, at or after `dueDate`.
  ///
  /// A reminder asked for on a stale time rings at once, long after its due date; `at` tells the
  /// loop so, and NotificationsImpl then posts nothing for it.
  case reminderDue(TodoID, title: String, dueDate: Date, at: Date)
  /// A minute before a to-do item's due date, its reminder (a ``ReminderSubscription``) observed
  /// the wall-clock time `at`: the countdown to it begins, and NotificationsImpl asks for a
  /// ``TickSubscription``.
  ///
  /// The feature learns the time from the app; this message only says how far a reminder has
  /// seen it go, as ``reminderDue(_:title:dueDate:at:)`` does.
  case countdownStarted(TodoID, at: Date)
  /// The seen-until time of `user` was read (from ``NotificationsCommand/loadSeen(_:)``): `nil` if
  /// none was ever stored (the user's first sign-in).
  case seenLoaded(UserID, until: Date?)
}
