import Core
import NotificationsAPI
import TodoAPI

/// The to-do list's changes and reads: a window of due items read, the catch-up's count of the
/// items that came due while the user was away, and every change the database stored, applied to
/// the window held so the reminders follow at once (the window's subscription reads it again after
/// the commit); an item given a due date just reached is posted at once.
struct NotificationsListUpdater<Model>: TypedUpdater {
  let judge: DueDateJudge<Model>

  func update(_ model: inout Model, message: TodoMessage) -> [any Command] {
    var commands: [any Command] = []
    let judgedBefore = model[keyPath: judge.notifications].watchedUntil
    // Another user's list is none of the feature's (with nobody signed in, a window built by hand
    // follows every change).
    let user = model[keyPath: judge.notifications].user
    let isUsers = user.map { $0 == message.owner } ?? true
    // The change first, so that the time the message brings (a line's) judges the window as
    // the change left it.
    if isUsers { apply(message, to: &model[keyPath: judge.notifications].dueSoon) }
    judge.followAppTime(&model, commands: &commands)
    if isUsers {
      switch message {
      case .dueSoon(let window, _):
        judge.windowArrived(window, commands: &commands, in: &model)
      case .dueRead(let span, _):
        judge.announceMissed(span, in: &model, commands: &commands)
      case .added(let item, _, let owner), .dueDateChanged(let item, let owner):
        judge.postIfJustDue(item, owner: owner, judgedBefore: judgedBefore, in: &model, commands: &commands)
      case .failed:
        // Perhaps the count of the missed reminders failed (a result names no command): it is asked
        // again when the time next moves, so that a failed read does not hold back live reminders
        // for the rest of the session. An answer to the earlier question no longer matches.
        if case .counting(let after, _) = model[keyPath: judge.notifications].catchUp {
          model[keyPath: judge.notifications].catchUp = .seen(until: after)
        }
      default:
        break
      }
    }
    judge.scheduleReminders(&model)
    return commands
  }

  /// Applies a change the database stored to the window held.
  private func apply(_ message: TodoMessage, to window: inout TodoDueWindow?) {
    switch message {
    case .added(let item, _, _), .dueDateChanged(let item, _), .renamed(let item, _), .toggled(let item, _),
      .priorityChanged(let item, _), .tagsChanged(let item, _):
      window?.apply(item)
    case .removed(let ids, _), .clearedCompleted(let ids, _):
      window?.remove(ids)
    case .undone(let undo, _):
      window?.remove(undo.removed)
      for item in undo.restored { window?.apply(item) }
    default:
      break
    }
  }
}
