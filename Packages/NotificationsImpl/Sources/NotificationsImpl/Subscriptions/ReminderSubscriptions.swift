import Core
import NotificationsAPI

/// One reminder's subscriptions: its alarm, while it has not rung.
struct ReminderSubscriptions: SubscriptionProvider {
  func subscriptions(for reminder: Reminder, message: (any Message)?) -> [any Subscription] {
    reminder.rang == nil ? [ReminderSubscription(dueDate: reminder.dueDate)] : []
  }
}
