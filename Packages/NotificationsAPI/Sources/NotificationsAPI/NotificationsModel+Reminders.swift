import Core
import Foundation
import TodoAPI

extension NotificationsModel {
  /// The most reminders pending at once: 64, the ones due soonest.
  public static var reminderLimit: Int { 64 }

  /// How many due items the window of ``dueSoon`` is asked to hold: twice ``reminderLimit``, so that
  /// it is read again only once the time has passed half of it.
  public static var dueWindowLimit: Int { 2 * reminderLimit }

  /// Makes ``reminders`` the nearest ``reminderLimit`` open items of ``dueSoon`` due after
  /// ``watchedUntil`` (ties broken by creation, then identity); none while ``watchedUntil`` is
  /// `nil`. While someone is signed in, moves ``dueWindowStart`` to ``watchedUntil`` when it has
  /// none, or when fewer than ``reminderLimit`` items of a window that is not complete remain ahead:
  /// the window is then read again from there, and the one held serves until it arrives.
  ///
  /// A reminder still wanted stays as it is, with its alarm; one whose item is gone, done, or no
  /// longer among the nearest goes; one whose due date changed is replaced, so its alarm restarts
  /// and a late ring of the old one is not taken for the new one's; the newly wanted ones are
  /// appended, earliest first. A reminder that has rung goes once ``watchedUntil`` passes its due
  /// date, which is what its ring does.
  ///
  /// Cost: one pass over the window (``dueWindowLimit`` items, and those due at the same instant
  /// as its last), however long the list.
  public mutating func scheduleReminders() {
    guard let now = watchedUntil else {
      if !reminders.isEmpty { reminders.removeAll() }
      return
    }
    let ahead = dueSoon?.items.filter { $0.dueDate.map { $0 > now } ?? false } ?? []
    if user == nil {
      // Nobody's window to read (one built by hand serves as it is).
    } else if dueWindowStart == nil {
      dueWindowStart = now
    } else if let window = dueSoon, !window.isComplete, window.after == dueWindowStart,
      ahead.count < Self.reminderLimit, unjudgedAfter == nil
    {
      dueWindowStart = now
    }
    let nearest = ahead.prefix(Self.reminderLimit)
    var wanted: [TodoID: Date] = [:]
    for item in nearest { wanted[item.id] = item.dueDate }
    if reminders.count == nearest.count, reminders.allSatisfy({ wanted[$0.id] == $0.dueDate }) {
      return
    }
    reminders.removeAll { wanted[$0.id] != $0.dueDate }
    for item in nearest where !reminders.contains(id: item.id) {
      // Safe: `ahead` holds only items with a due date.
      reminders.append(Reminder(id: item.id, dueDate: item.dueDate!))
    }
  }
}
