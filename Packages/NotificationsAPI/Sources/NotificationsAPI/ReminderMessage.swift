public import Core
public import Foundation

/// What happens to one reminder: its alarm rang. Sent by a ``ReminderSubscription`` and addressed
/// to its ``Reminder`` as `ElementMessage(reminder.id, ReminderMessage.rang(at:))`.
public enum ReminderMessage: Message, Hashable, Codable {
  /// The reminder's due date arrived; `at` is the wall-clock time the alarm observed when it rang,
  /// at or after the due date.
  ///
  /// An alarm started on a stale time rings at once, long after its due date; `at` tells the loop
  /// so, and NotificationsImpl then posts nothing for it.
  case rang(at: Date)
}
