import Core
import NotificationsAPI

/// A typed part of ``AppUpdater``: what the app does with one message type, between the two steps
/// every message takes on screen.
///
/// Implement ``apply(_:to:)``; ``update(_:message:)`` first drops the lines of the messages before
/// (the terminal has printed them: only this message's stay for the printer), then applies the
/// message, then shows a banner for each notification posted while it was applied, by the
/// notifications feature, which runs before the app, or by the part itself.
protocol AppUpdaterPart: TypedUpdater where Model == AppModel {
  // Restated, with the model's default, so that Swift infers both from `apply(_:to:)`.
  associatedtype Model = AppModel
  associatedtype UpdateMessage

  /// Applies `message`: commands for the features, lines for the terminal.
  ///
  /// - Parameters:
  ///   - message: The message.
  ///   - model: The whole model.
  /// - Returns: The commands to run.
  func apply(_ message: UpdateMessage, to model: inout AppModel) -> [any Command]
}

extension AppUpdaterPart {
  func update(_ model: inout AppModel, message: UpdateMessage) -> [any Command] {
    model.ui.dropPrinted()
    let commands = apply(message, to: &model)
    announceNewNotifications(in: &model)
    return commands
  }

  /// Shows a banner for each notification posted since the last one announced, oldest first.
  ///
  /// Posting is an update of the notifications slice (by the feature's updater, which runs before
  /// this one), so the banners follow the message that posted them, not a message of their own.
  private func announceNewNotifications(in model: inout AppModel) {
    guard let last = model.notifications.lastIssuedID, last != model.ui.announcedNotification else { return }
    let announced = model.ui.announcedNotification
    for notification in model.notifications.inbox.reversed()
    where announced.map({ notification.id > $0 }) ?? true {
      model.ui.print(OutputLine(.banner, "🔔 \(notification.title): \(notification.body)"))
    }
    model.ui.announcedNotification = last
  }
}
