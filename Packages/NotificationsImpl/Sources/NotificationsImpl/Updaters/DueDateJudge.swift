import AuthenticationAPI
import Core
import Foundation
import NotificationsAPI
import TodoAPI

/// The rules every part of ``NotificationsUpdater`` shares: how the time the feature has judged
/// due dates up to moves, what it posts on the way, when the seen-until time is stored, and which
/// reminders are pending. Its documentation is ``NotificationsUpdater``'s.
struct DueDateJudge<Model>: Sendable {
  let todos: any KeyPath<Model, TodoModel> & Sendable
  let notifications: any WritableKeyPath<Model, NotificationsModel> & Sendable
  let now: any KeyPath<Model, Date?> & Sendable

  /// Judges due dates up to the app's time, as its key path reads now: every part does so first,
  /// whatever its message, so the feature never judges on a time older than the app's.
  ///
  /// - Parameter remindersAreCurrent: Whether the list is as the last ``scheduleReminders(_:)``
  ///   left it (true for the time's own message: the list changes only with messages the other
  ///   parts handle), so the items that come due are found among the pending reminders.
  func followAppTime(_ model: inout Model, commands: inout [any Command], remindersAreCurrent: Bool = false) {
    guard let time = model[keyPath: now],
      advanceTime(&model, to: time, commands: &commands, remindersAreCurrent: remindersAreCurrent)
    else { return }
    catchUpIfReady(&model, commands: &commands)
  }

  /// Keeps the pending reminders those of the nearest due dates after the judged time; every part
  /// does so last.
  func scheduleReminders(_ model: inout Model) {
    model[keyPath: notifications].scheduleReminders(for: model[keyPath: todos])
  }

  /// Keeps the pending reminders after the app's time alone moved, from `before`: the list is as
  /// the last ``scheduleReminders(_:)`` left it (it changes only with messages the other parts
  /// handle), so only reminders the time has passed can go, and a later item can come in only when
  /// a full set of reminders loses one; otherwise no pass over the list is needed, and a tick costs
  /// O(``NotificationsAPI/NotificationsModel/reminderLimit``) however long the list.
  func scheduleRemindersAfterTimeMoved(_ model: inout Model, from before: Date?) {
    let state = model[keyPath: notifications]
    guard before != nil, let now = state.watchedUntil else { return scheduleReminders(&model) }
    guard state.reminders.contains(where: { $0.dueDate <= now }) else { return }
    if state.reminders.count < NotificationsModel.reminderLimit {
      model[keyPath: notifications].reminders.removeAll { $0.dueDate <= now }
    } else {
      scheduleReminders(&model)
    }
  }

  /// Moves `watchedUntil` forward to `date` and posts the open items that became due on the way,
  /// except those that became due more than the grace period before `date`.
  ///
  /// - Parameter remindersAreCurrent: Whether the pending reminders are the nearest due dates of
  ///   the list as it is (see ``followAppTime(_:commands:remindersAreCurrent:)``): then, unless
  ///   `date` lies beyond the last of a full set, every item due on the way is one of them, and no
  ///   pass over the list is needed.
  /// - Returns: Whether it moved.
  @discardableResult
  func advanceTime(
    _ model: inout Model, to date: Date, commands: inout [any Command], remindersAreCurrent: Bool = false
  ) -> Bool {
    let previous = model[keyPath: notifications].watchedUntil
    if let previous, date <= previous { return false }
    model[keyPath: notifications].watchedUntil = date
    // Without a previous time nothing was being watched (see NotificationsUpdater); while a
    // sign-in's missed reminders are pending, their announcement covers these.
    guard let previous, model[keyPath: notifications].catchUp == nil else { return true }
    let earliest = max(previous, date.addingTimeInterval(-Reminders.gracePeriod.timeInterval))
    // Among the pending reminders when they cover the way, else one pass over the list's index of
    // open items with a due date, not over the whole list. Posted in display order, so the result
    // is the same on every run.
    let list = model[keyPath: todos]
    let reminders = model[keyPath: notifications].reminders
    let covered =
      remindersAreCurrent
      && (reminders.count < NotificationsModel.reminderLimit || reminders.contains { $0.dueDate > date })
    let due: [TodoItem]
    if covered {
      due = reminders.compactMap { reminder in
        reminder.dueDate > earliest && reminder.dueDate <= date ? list.item(reminder.id) : nil
      }
    } else {
      due = list.openDueDates.compactMap { id, due -> TodoItem? in
        due > earliest && due <= date ? list.item(id) : nil
      }
    }
    for item in due.sorted(by: TodoItem.displayOrder) {
      model[keyPath: notifications].postReminder(for: item)
    }
    guard let user = model[keyPath: notifications].user else { return true }
    let stored = model[keyPath: notifications].seenStored
    if !due.isEmpty
      || stored.map({ date.timeIntervalSince($0) >= Reminders.seenStoreInterval.timeInterval }) ?? true
    {
      storeSeen(&model, user: user, until: date, commands: &commands)
    }
    return true
  }

  /// Posts `item`'s reminder if its due date is one the time has already passed, by less than the
  /// grace period: `due 1 in 0m` sets the app's time, which the feature has judged up to already
  /// (and the stored due date, to the millisecond, may fall just before it), so moving the time
  /// would never post it, and a sign-out would store a seen-until time past it.
  ///
  /// - Parameter judgedBefore: The judged time before this message followed the app's time: a due
  ///   date after it was posted by that move already (a line's time moved the app's time past the
  ///   last tick, and `due 1 in 0m` stored that time), and is not posted twice.
  func postIfJustDue(
    _ item: TodoItem, owner: UserID, judgedBefore: Date?, in model: inout Model, commands: inout [any Command]
  ) {
    let state = model[keyPath: notifications]
    guard state.user == owner, state.catchUp == nil, let now = state.watchedUntil, !item.isDone,
      let due = item.dueDate, due <= now, due > now.addingTimeInterval(-Reminders.gracePeriod.timeInterval),
      judgedBefore.map({ due <= $0 }) ?? true
    else { return }
    model[keyPath: notifications].postReminder(for: item)
    storeSeen(&model, user: owner, until: now, commands: &commands)
  }

  func storeSeen(_ model: inout Model, user: UserID, until date: Date, commands: inout [any Command]) {
    model[keyPath: notifications].seenStored = date
    commands.append(NotificationsCommand.saveSeen(user, until: date))
  }

  /// Announces the signed-in user's missed reminders once their seen-until time and their list are
  /// both in, and stores `now` as the new seen-until time.
  func catchUpIfReady(_ model: inout Model, commands: inout [any Command]) {
    let state = model[keyPath: notifications]
    guard let user = state.user, case .seen(let seen) = state.catchUp, let now = state.watchedUntil else {
      return
    }
    let list = model[keyPath: todos]
    // A list that failed to load is not taken as empty: the reminders stay pending.
    guard list.owner == user, !list.isLoading, list.lastError == nil else { return }
    model[keyPath: notifications].catchUp = nil
    if let seen {
      let missed = list.openDueDates.compactMap { id, due -> TodoItem? in
        due > seen && due <= now ? list.item(id) : nil
      }
      model[keyPath: notifications].postMissedReminders(
        missed.sorted { ($0.dueDate!, $0.id) < ($1.dueDate!, $1.id) },
        naming: NotificationsUpdater<Model>.namedMissedReminders)
    }
    storeSeen(&model, user: user, until: now, commands: &commands)
  }
}
