import Core
import NotificationsAPI

/// One reminder's own update: its alarm rang, so it records when, which ends its alarm
/// (``NotificationsSubscriptions`` asks for none once it has rung).
///
/// An alarm never reports a time before its due date, so a ring before this reminder's due date is
/// not its own (it is the late ring of an alarm for an earlier due date of the same item) and is
/// not recorded: the reminder keeps waiting for its own.
///
/// Run by `UpdaterPart.forEach` on the reminder an `ElementMessage` names, and only while it is
/// still the reminder whose alarm sent the message: a ring from an alarm of a reminder since
/// removed or replaced reaches no reminder.
struct ReminderUpdater: TypedUpdater {
  func update(_ reminder: inout Reminder, message: ReminderMessage) -> [any Command] {
    switch message {
    case .rang(let time):
      if time >= reminder.dueDate { reminder.rang = time }
    }
    return []
  }
}
