import Core
public import TodoAPI

extension NotificationsModel {
  /// The most reminders pending at once: 64, the ones due soonest.
  public static var reminderLimit: Int { 64 }

  /// Makes ``reminders`` the nearest ``reminderLimit`` open items of `list` due after
  /// ``watchedUntil`` (ties broken by identity); none while ``watchedUntil`` is `nil`.
  ///
  /// A reminder still wanted stays as it is, with its alarm; one whose item is gone, done, or no
  /// longer among the nearest goes; one whose due date changed is replaced, so its alarm restarts
  /// and a late ring of the old one is not taken for the new one's; the newly wanted ones are
  /// appended, earliest first. A reminder that has rung goes once ``watchedUntil`` passes its due
  /// date, which is what its ring does.
  ///
  /// Cost: one pass over the list's index of open items with a due date
  /// (``TodoAPI/TodoModel/openDueDates``), without sorting it, plus O(``reminderLimit``) for the
  /// reminders, however long the list.
  ///
  /// - Parameter list: The to-do slice.
  public mutating func scheduleReminders(for list: TodoModel) {
    guard let now = watchedUntil else {
      if !reminders.isEmpty { reminders.removeAll() }
      return
    }
    let nearest = DueDate.nearest(Self.reminderLimit, after: now, in: list.openDueDates)
    var wanted: [TodoID: DueDate] = [:]
    for due in nearest { wanted[due.id] = due }
    if reminders.count == nearest.count, reminders.allSatisfy({ wanted[$0.id]?.date == $0.dueDate }) {
      return
    }
    reminders.removeAll { wanted[$0.id]?.date != $0.dueDate }
    for due in nearest where !reminders.contains(id: due.id) {
      reminders.append(Reminder(id: due.id, dueDate: due.date))
    }
  }
}
