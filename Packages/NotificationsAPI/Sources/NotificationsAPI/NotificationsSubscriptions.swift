public import Core
public import Foundation
public import TodoAPI

/// Alive while an open to-do item has a future due date, among the nearest few: sends
/// ``NotificationsMessage/reminderDue(_:title:dueDate:at:)`` at that date.
///
/// Its value is its identity: changing the due date (or the title) replaces it; completing or
/// removing the item removes it. NotificationsImpl keeps only the nearest reminders alive (a
/// bounded number, however long the list); the later ones appear as the earlier ones ring or go.
public struct ReminderSubscription: Subscription {
  /// The item.
  public let todo: TodoID
  /// The item's title, for the notification.
  public let title: String
  /// When to fire.
  public let dueDate: Date

  /// Creates the subscription.
  ///
  /// - Parameters:
  ///   - todo: The item.
  ///   - title: Its title.
  ///   - dueDate: When to fire.
  public init(todo: TodoID, title: String, dueDate: Date) {
    self.todo = todo
    self.title = title
    self.dueDate = dueDate
  }
}

/// Asked for by the notifications feature while a reminder is due within the next minute: the
/// feature wants the app's time to move every ``interval``, so the model's time counts down to it.
///
/// The feature asks; the app runs it, because the app owns the model's clock: its runner sends the
/// app's own clock-ticked message every ``interval``, and the feature reads the time that message
/// sets through the key path it was given. NotificationsImpl registers no runner for it.
public struct TickSubscription: Subscription {
  /// Time between ticks.
  public let interval: Duration

  /// Creates the subscription.
  ///
  /// - Parameter interval: Time between ticks.
  public init(interval: Duration) { self.interval = interval }
}
