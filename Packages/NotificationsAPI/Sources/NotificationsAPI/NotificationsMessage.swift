public import AuthenticationAPI
public import Core
public import Foundation
public import TodoAPI

/// What happened in notifications: messages from its subscriptions and the time the app tells.
///
/// Posting, marking read, dismissing and clearing are updates of ``NotificationsModel`` (its
/// identities come from a counter in the model, its times from the model's ``NotificationsModel/now``),
/// so none of them needs a command or a message.
public enum NotificationsMessage: Message, Hashable, Codable {
  /// A to-do item's due time arrived (from a ``ReminderSubscription``); `at` is the wall-clock time
  /// the reminder observed when it rang, at or after `dueDate`.
  ///
  /// A reminder asked for on a stale time rings at once, long after its due date; `at` tells the
  /// loop so, and NotificationsImpl then posts nothing for it.
  case reminderDue(TodoID, title: String, dueDate: Date, at: Date)
  /// The current time, from a ``TickSubscription`` or sent by the app (at launch, and with every
  /// user action). Time enters the loop only as messages, so subscription providers stay pure.
  case clockTicked(Date)
  /// The seen-until time of `user` was read (from ``NotificationsCommand/loadSeen(_:)``): `nil` if
  /// none was ever stored (the user's first sign-in).
  case seenLoaded(UserID, until: Date?)
}
