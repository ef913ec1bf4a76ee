import Core
import NotificationsAPI

/// A user's seen-until time, read at their sign-in: the missed reminders are announced once the
/// list is in too.
struct NotificationsSeenUpdater<Model>: TypedUpdater {
  let judge: DueDateJudge<Model>

  func update(_ model: inout Model, message: NotificationsMessage) -> [any Command] {
    var commands: [any Command] = []
    judge.followAppTime(&model, commands: &commands)
    switch message {
    case .seenLoaded(let user, let seen):
      let state = model[keyPath: judge.notifications]
      guard state.user == user, state.catchUp == .loadingSeen else { break }
      model[keyPath: judge.notifications].catchUp = .seen(until: seen)
    }
    judge.catchUpIfReady(&model, commands: &commands)
    judge.scheduleReminders(&model)
    return commands
  }
}
