public import Core
public import Foundation

/// A reminder's alarm: alive while a ``Reminder`` of ``NotificationsModel/reminders`` has not rung,
/// it sends ``ReminderMessage/rang(at:)`` once, at ``dueDate``.
///
/// NotificationsImpl asks for it per element (`SubscriptionProviderPart.forEach`), so the store
/// wraps it in a `ChildSubscription` of the reminder's id: its message comes back to that reminder
/// as `ElementMessage(id, ReminderMessage.rang(at:))`, two reminders due at the same instant each
/// get their own alarm, and removing a reminder stops its alarm in the same message.
public struct ReminderSubscription: Subscription {
  /// When to ring.
  public let dueDate: Date

  /// Creates the alarm.
  ///
  /// - Parameter dueDate: When to ring.
  public init(dueDate: Date) {
    self.dueDate = dueDate
  }
}
