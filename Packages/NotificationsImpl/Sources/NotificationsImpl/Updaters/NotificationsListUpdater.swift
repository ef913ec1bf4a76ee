import Core
import NotificationsAPI
import TodoAPI

/// The to-do list's changes, which the to-do feature's updater has applied already: a loaded list
/// may complete a sign-in's catch-up, an item given a due date just reached is posted at once, and
/// any change may change which reminders are pending.
struct NotificationsListUpdater<Model>: TypedUpdater {
  let judge: DueDateJudge<Model>

  func update(_ model: inout Model, message: TodoMessage) -> [any Command] {
    var commands: [any Command] = []
    let judgedBefore = model[keyPath: judge.notifications].watchedUntil
    judge.followAppTime(&model, commands: &commands)
    switch message {
    case .loaded:
      judge.catchUpIfReady(&model, commands: &commands)
    case .added(let item, _, let owner), .dueDateChanged(let item, let owner):
      judge.postIfJustDue(item, owner: owner, judgedBefore: judgedBefore, in: &model, commands: &commands)
    default:
      break
    }
    judge.scheduleReminders(&model)
    return commands
  }
}
