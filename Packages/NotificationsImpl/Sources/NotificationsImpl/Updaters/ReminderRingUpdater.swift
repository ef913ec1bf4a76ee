import Core
import Foundation
import NotificationsAPI
import TodoAPI

/// What a reminder's ring means for the feature: the time it observed is a time reached, so due
/// dates are judged up to it (which posts the reminder, and any item due at the same instant).
///
/// It runs after ``ReminderUpdater`` on the same message, as a parent reacts to its child's; the
/// time is judged whether or not the ringing reminder is still pending, since the time it saw is
/// real either way.
struct ReminderRingUpdater<Model>: TypedUpdater {
  let judge: DueDateJudge<Model>

  func update(_ model: inout Model, message: ElementMessage<TodoID, ReminderMessage>) -> [any Command] {
    var commands: [any Command] = []
    judge.followAppTime(&model, commands: &commands)
    switch message.message {
    case .rang(let time):
      judge.advanceTime(&model, to: time, commands: &commands)
    }
    judge.catchUpIfReady(&model, commands: &commands)
    judge.scheduleReminders(&model)
    return commands
  }
}
