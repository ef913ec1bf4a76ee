import AuthenticationAPI
import Core
import Foundation
import NotificationsAPI
import TodoAPI

/// The rules every part of ``NotificationsUpdater`` shares: how the time the feature has judged
/// due dates up to moves, what it posts on the way, when the seen-until time is stored, and which
/// reminders are pending. Its documentation is ``NotificationsUpdater``'s.
struct DueDateJudge<Model>: Sendable {
  let notifications: any WritableKeyPath<Model, NotificationsModel> & Sendable
  let now: any KeyPath<Model, Date?> & Sendable

  /// Judges due dates up to the app's time, as its key path reads now: every part does so first,
  /// whatever its message, so the feature never judges on a time older than the app's.
  func followAppTime(_ model: inout Model, commands: inout [any Command]) {
    guard let time = model[keyPath: now], advanceTime(&model, to: time, commands: &commands) else { return }
    catchUpIfReady(&model, commands: &commands)
  }

  /// Keeps the pending reminders those of the nearest due dates after the judged time; every part
  /// does so last.
  func scheduleReminders(_ model: inout Model) {
    model[keyPath: notifications].scheduleReminders()
  }

  /// Moves `watchedUntil` forward to `date` and posts the open items that became due on the way,
  /// except those that became due more than the grace period before `date`.
  ///
  /// - Returns: Whether it moved.
  @discardableResult
  func advanceTime(_ model: inout Model, to date: Date, commands: inout [any Command]) -> Bool {
    let previous = model[keyPath: notifications].watchedUntil
    if let previous, date <= previous { return false }
    model[keyPath: notifications].watchedUntil = date
    // Without a previous time nothing was being watched (see NotificationsUpdater); while a
    // sign-in's missed reminders are pending, their announcement covers these.
    guard let previous, model[keyPath: notifications].catchUp == nil else { return true }
    judge(&model, after: previous, commands: &commands)
    return true
  }

  /// Posts the open items due in `after < due <= watchedUntil`, except those due more than the
  /// grace period before `watchedUntil`, from the window of due items; and stores the seen-until
  /// time when one was posted, or a minute after it was last stored.
  ///
  /// The window may not reach that far (the time passed the end of a full one), or not be there
  /// yet (just signed in): what it cannot judge waits in `unjudgedAfter`, and the window is asked
  /// for from there; its arrival judges the rest (``windowArrived(_:commands:)``).
  func judge(_ model: inout Model, after: Date, commands: inout [any Command]) {
    let state = model[keyPath: notifications]
    guard let date = state.watchedUntil else { return }
    let from = min(after, state.unjudgedAfter ?? after)
    let earliest = max(from, date.addingTimeInterval(-Reminders.gracePeriod.timeInterval))
    var due: [TodoItem] = []
    if let window = state.dueSoon, window.after <= from {
      due = window.items.filter { item in
        // Safe: the window holds only items with a due date. An item posted for this due date
        // already (`due 1 in 0m` while this span waited for the window) is not posted again.
        item.dueDate! > earliest && item.dueDate! <= date
          && !state.inbox.contains { $0.kind == .reminder(item.id) && $0.time >= item.dueDate! }
      }
      if let end = window.end, end < date {
        // Judged up to the window's end, or up to `from` if the window (read again, with items
        // added early in it) ends before it.
        let judged = max(end, from)
        model[keyPath: notifications].unjudgedAfter = judged
        model[keyPath: notifications].dueWindowStart = judged
      } else {
        model[keyPath: notifications].unjudgedAfter = nil
      }
    } else {
      model[keyPath: notifications].unjudgedAfter = from
      if state.dueWindowStart.map({ $0 > from }) ?? true {
        model[keyPath: notifications].dueWindowStart = from
      }
    }
    // Posted in display order, so the result is the same on every run.
    for item in due.sorted(by: TodoItem.displayOrder) {
      model[keyPath: notifications].postReminder(for: item)
    }
    guard let user = state.user else { return }
    let stored = state.seenStored
    if !due.isEmpty
      || stored.map({ date.timeIntervalSince($0) >= Reminders.seenStoreInterval.timeInterval }) ?? true
    {
      storeSeen(
        &model, user: user, until: seenTime(model[keyPath: notifications]) ?? date, commands: &commands)
    }
  }

  /// Takes a window of due items the database read (``TodoAPI/TodoMessage/dueSoon(_:owner:)``) if
  /// it is the one asked for, and judges with it what was waiting for it.
  func windowArrived(_ window: TodoDueWindow, commands: inout [any Command], in model: inout Model) {
    let state = model[keyPath: notifications]
    guard window.after == state.dueWindowStart else { return }
    model[keyPath: notifications].dueSoon = window
    if let unjudged = state.unjudgedAfter, state.catchUp == nil {
      judge(&model, after: unjudged, commands: &commands)
    }
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

  /// The time the user has seen every reminder up to: the judged time, or, while due dates after
  /// some time still wait for the window read from there, that time (what waits is not seen yet).
  func seenTime(_ state: NotificationsModel) -> Date? {
    guard let now = state.watchedUntil else { return nil }
    return state.unjudgedAfter.map { min($0, now) } ?? now
  }

  func storeSeen(_ model: inout Model, user: UserID, until date: Date, commands: inout [any Command]) {
    model[keyPath: notifications].seenStored = date
    commands.append(NotificationsCommand.saveSeen(user, until: date))
  }

  /// Asks how many of the signed-in user's items came due since their seen-until time, once that
  /// time and the app's are both known; a user with none stored has missed nothing, and now is
  /// stored as seen.
  func catchUpIfReady(_ model: inout Model, commands: inout [any Command]) {
    let state = model[keyPath: notifications]
    guard let user = state.user, case .seen(let seen) = state.catchUp, let now = state.watchedUntil else {
      return
    }
    guard let seen else {
      model[keyPath: notifications].catchUp = nil
      storeSeen(&model, user: user, until: now, commands: &commands)
      return
    }
    model[keyPath: notifications].catchUp = .counting(after: seen, through: now)
    commands.append(
      TodoCommand.readDue(
        after: seen, through: now, naming: NotificationsUpdater<Model>.namedMissedReminders, owner: user))
  }

  /// Announces the missed reminders `span` counts, if it answers the catch-up's question, in one
  /// notification; the time that passed meanwhile is judged as it would have been, and stored as
  /// seen.
  func announceMissed(_ span: TodoDueSpan, in model: inout Model, commands: inout [any Command]) {
    let state = model[keyPath: notifications]
    guard let user = state.user, state.catchUp == .counting(after: span.after, through: span.through),
      let now = state.watchedUntil
    else { return }
    model[keyPath: notifications].catchUp = nil
    model[keyPath: notifications].postMissedReminders(
      span.first, count: span.count, naming: NotificationsUpdater<Model>.namedMissedReminders)
    if now > span.through { judge(&model, after: span.through, commands: &commands) }
    let seen = seenTime(model[keyPath: notifications]) ?? now
    if model[keyPath: notifications].seenStored != seen {
      storeSeen(&model, user: user, until: seen, commands: &commands)
    }
  }
}
