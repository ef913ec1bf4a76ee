import Core
import Foundation
import NotificationsAPI

/// On the app's own clock message (whose type the app names, ``NotificationsUpdater``'s
/// `movedBy`), judges due dates up to the time that message set: the message itself is not read,
/// the time is, through the key path.
struct NotificationsTimeUpdater<Model, Tick: Message>: TypedUpdater {
  let judge: DueDateJudge<Model>

  func update(_ model: inout Model, message: Tick) -> [any Command] {
    var commands: [any Command] = []
    judge.followAppTime(&model, commands: &commands)
    judge.scheduleReminders(&model)
    return commands
  }
}
