import AuthenticationAPI
import Core
import NotificationsAPI
import TodoAPI

// The inbox's intents, and what the app does for each notifications message: banners, and the
// OS signals that end or reload the session.
extension AppUpdater {
  func inbox(_ action: InboxAction, in model: inout AppModel) -> [any Command] {
    let inbox = model.notifications.inbox
    func notification(at position: Int) -> InAppNotification? {
      guard inbox.indices.contains(position - 1) else {
        model.ui.fail("There is no notification \(position); the inbox has \(inbox.count).")
        return nil
      }
      return inbox[position - 1]
    }
    switch action {
    case .show:
      Listing.print(model.notifications, into: &model.ui)
      return []
    case .read(let position):
      guard let notification = notification(at: position) else { return [] }
      return [NotificationsCommand.markRead(notification.id)]
    case .dismiss(let position):
      guard let notification = notification(at: position) else { return [] }
      return [NotificationsCommand.dismiss(notification.id)]
    case .clear:
      return [NotificationsCommand.clear]
    }
  }

  // MARK: - Results

  func react(to message: NotificationsMessage, in model: inout AppModel) -> [any Command] {
    switch message {
    case .posted(let notification):
      // NotificationsImpl drops a reminder whose item left the list (its user signed out).
      guard model.notifications.inbox.contains(where: { $0.id == notification.id }) else { return [] }
      model.ui.print(OutputLine(.banner, "🔔 \(notification.title): \(notification.body)"))
    case .read:
      model.ui.say("Marked read.")
    case .dismissed:
      model.ui.say("Dismissed.")
    case .allCleared:
      model.ui.say("Inbox cleared.")
    case .signalReceived(let signal):
      switch signal {
      case .interrupt, .terminate:
        guard model.ui.lifecycle == .running || model.ui.lifecycle == .quitRequested else { return [] }
        model.ui.lifecycle = .shutdownRequested(signal: signal.name)
        model.ui.say("\(signal.name): finishing in-flight work, then exiting.")
        guard isImporting(model), let owner = model.todos.owner else { return [] }
        return cancelImport(of: owner, in: &model)
      case .hangUp:
        guard let owner = model.authentication.user?.id else { return [] }
        model.ui.say("SIGHUP: reloading from the database.")
        return [TodoCommand.load(owner)]
      }
    case .reminderDue, .clockTicked:
      break
    }
    return []
  }
}
