import AuthenticationAPI
import Core
import NotificationsAPI
import TodoAPI

// The inbox's intents (updates of the notifications slice) and the banners of new notifications.
extension AppUpdater {
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

  /// Shows a banner for each notification posted since the last one announced, oldest first.
  ///
  /// Posting is an update of the notifications slice (by the feature's updater, which runs before
  /// this one), so the banners follow the message that posted them, not a message of their own.
  func announceNewNotifications(in model: inout AppModel) {
    guard let last = model.notifications.lastIssuedID, last != model.ui.announcedNotification else { return }
    let announced = model.ui.announcedNotification
    for notification in model.notifications.inbox.reversed()
    where announced.map({ notification.id > $0 }) ?? true {
      model.ui.print(OutputLine(.banner, "🔔 \(notification.title): \(notification.body)"))
    }
    model.ui.announcedNotification = last
  }
}
