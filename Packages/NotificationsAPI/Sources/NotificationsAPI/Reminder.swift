public import Foundation
public import TodoAPI

/// One pending reminder: an open to-do item among the nearest due, whose alarm
/// (``ReminderSubscription``) is running. An element of ``NotificationsModel/reminders``.
///
/// Its identity is the item's. NotificationsImpl keeps one for each of the nearest
/// ``NotificationsModel/reminderLimit`` open items due after ``NotificationsModel/watchedUntil``
/// (``NotificationsModel/scheduleReminders()``), and runs each one's alarm while it has not rung.
public struct Reminder: Identifiable, Hashable, Sendable, Codable {
  /// The item.
  public let id: TodoID
  /// When the item is due.
  public let dueDate: Date
  /// The time the alarm observed when it rang; `nil` while it waits.
  public var rang: Date?

  /// Creates a reminder that has not rung.
  ///
  /// - Parameters:
  ///   - id: The item.
  ///   - dueDate: When it is due.
  public init(id: TodoID, dueDate: Date) {
    self.id = id
    self.dueDate = dueDate
    self.rang = nil
  }
}
