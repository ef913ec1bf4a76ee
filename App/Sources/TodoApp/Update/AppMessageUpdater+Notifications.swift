import AuthenticationAPI
import Core
import NotificationsAPI
import TodoAPI

// The inbox's intents: updates of the notifications slice.
extension AppMessageUpdater {
  func inbox(_ action: InboxAction, in model: inout AppModel) -> [any Command] {
    let inbox = model.notifications.inbox
    func notification(at position: Int) -> InAppNotification? {
      guard inbox.indices.contains(position - 1) else {
        model.ui.fail("There is no notification \(position); the inbox has \(Listing.grouped(inbox.count)).")
        return nil
      }
      return inbox[position - 1]
    }
    switch action {
    case .show:
      // Signed out, an empty inbox says nothing of the user's reminders: they come with sign-in.
      if inbox.isEmpty && model.authentication.user == nil {
        _ = signedInUser(in: &model)
        return []
      }
      Listing.print(model.notifications, into: &model.ui)
      // Shown is read, as a mail reader has it: the listing marks the new ones (●) this once.
      for notification in model.notifications.inbox where !notification.isRead {
        model.notifications.markRead(notification.id)
      }
      return []
    case .read(let position):
      guard let notification = notification(at: position) else { return [] }
      model.notifications.markRead(notification.id)
      model.ui.say("Marked read.")
      return []
    case .dismiss(let position):
      guard let notification = notification(at: position) else { return [] }
      model.notifications.dismiss(notification.id)
      model.ui.say("Dismissed.")
      return []
    case .clear:
      model.notifications.clear()
      model.ui.say("Inbox cleared.")
      return []
    }
  }

}
