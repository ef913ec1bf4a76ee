import AuthenticationAPI
public import Core
import Foundation
public import NotificationsAPI
public import TodoAPI

/// The notifications feature's pure update: the inbox, the time, and the notifications that
/// reminders, session expiry and SIGHUP post.
///
/// It reads two slices of the app's model without knowing its type, through key paths, and is
/// added to the app's ``Core/CombinedUpdater`` as a whole-model part:
///
/// ```swift
/// CombinedUpdater<AppModel>([
///   .slice(\.todos, TodoUpdater()),
///   .full(NotificationsUpdater(todos: \.todos, notifications: \.notifications)),
/// ])
/// ```
///
/// It handles ``NotificationsAPI/NotificationsMessage`` and, of ``AuthenticationAPI/AuthenticationMessage``,
/// ``AuthenticationAPI/AuthenticationMessage/sessionExpired(_:)`` only.
///
/// ## Time and reminders
/// Time enters as messages: ``NotificationsAPI/NotificationsMessage/clockTicked(_:)`` and the due
/// date carried by ``NotificationsAPI/NotificationsMessage/reminderDue(_:title:dueDate:)`` move
/// ``NotificationsAPI/NotificationsModel/now`` forward, never back. Whenever `now` moves from `a` to
/// `b`, every open to-do item due in `a < due <= b` is posted, once, whichever message moved it.
/// A reminder subscription is therefore only an alarm clock: the notification is decided here,
/// from the model, so
/// - two items due at the same instant are both posted when the first alarm rings (the second
///   alarm's subscription is stopped at once, and its message, if already sent, moves nothing);
/// - a tick that overtakes an alarm posts the item, and the late alarm posts nothing;
/// - an alarm for an item completed or rescheduled in the meantime posts nothing.
///
/// While no time is known (`now` is `nil`) nothing can have been pending, so the first
/// ``NotificationsAPI/NotificationsMessage/clockTicked(_:)`` (the app sends one at launch) posts
/// nothing for items that became due while the app was not running.
///
/// ## Signals
/// ``NotificationsAPI/NotificationsMessage/signalReceived(_:)`` is handled here only to post a
/// "Reloading" notification for SIGHUP. Shutting down (SIGINT, SIGTERM) and reloading (SIGHUP) are
/// the app's decisions: its own updater receives the same message and emits what it needs.
public struct NotificationsUpdater<Model>: Updater {
  private let todos: any KeyPath<Model, TodoModel> & Sendable
  private let notifications: any WritableKeyPath<Model, NotificationsModel> & Sendable

  /// Creates the updater for an app model that holds both slices.
  ///
  /// - Parameters:
  ///   - todos: Where the app model keeps the to-do slice (read only).
  ///   - notifications: Where the app model keeps the notifications slice.
  public init(
    todos: any KeyPath<Model, TodoModel> & Sendable,
    notifications: any WritableKeyPath<Model, NotificationsModel> & Sendable
  ) {
    self.todos = todos
    self.notifications = notifications
  }

  /// ``NotificationsAPI/NotificationsMessage`` and ``AuthenticationAPI/AuthenticationMessage``.
  public var messageTypes: [any Message.Type]? {
    [NotificationsMessage.self, AuthenticationMessage.self]
  }

  /// Applies a notifications or authentication message to the app model.
  ///
  /// - Parameters:
  ///   - model: The app model, changed in place (the notifications slice only).
  ///   - message: The message being processed.
  ///   - commands: Receives ``NotificationsAPI/NotificationsCommand/post(title:body:kind:)`` commands.
  /// - Returns: Whether the message was a ``NotificationsAPI/NotificationsMessage`` or a session
  ///   expiry.
  public func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool {
    if let message = message as? NotificationsMessage {
      update(&model, notificationsMessage: message, commands: &commands)
      return true
    }
    if case .sessionExpired(let session) = message as? AuthenticationMessage {
      commands.append(NotificationsCommand.sessionExpiredPost(for: session))
      return true
    }
    return false
  }

  // MARK: - Notifications messages

  private func update(
    _ model: inout Model, notificationsMessage message: NotificationsMessage, commands: inout [any Command]
  ) {
    switch message {
    case .posted(let notification):
      model[keyPath: notifications].post(notification)
    case .read(let id):
      model[keyPath: notifications].markRead(id)
    case .dismissed(let id):
      model[keyPath: notifications].dismiss(id)
    case .allCleared:
      model[keyPath: notifications].clear()
    case .clockTicked(let date):
      advanceTime(&model, to: date, commands: &commands)
    case .reminderDue(_, _, let dueDate):
      advanceTime(&model, to: dueDate, commands: &commands)
    case .signalReceived(.hangUp):
      commands.append(NotificationsCommand.reloadingPost)
    case .signalReceived(.interrupt), .signalReceived(.terminate):
      break
    }
  }

  /// Moves `now` forward to `date` and posts the open items that became due on the way.
  private func advanceTime(_ model: inout Model, to date: Date, commands: inout [any Command]) {
    let previous = model[keyPath: notifications].now
    if let previous, date <= previous { return }
    model[keyPath: notifications].now = date
    // Only the open items with a due date, from the list's index: the cost does not depend on the
    // length of the list. Posted in display order, so the result is the same on every run.
    let list = model[keyPath: todos]
    let due = list.openDueDates.compactMap { id, due -> TodoItem? in
      // Without a previous time only what is due exactly now counts: anything earlier became due
      // while nobody was watching (see the type's documentation).
      let becameDue = previous.map { due > $0 && due <= date } ?? (due == date)
      return becameDue ? list.item(id) : nil
    }
    for item in due.sorted(by: TodoItem.displayOrder) {
      commands.append(NotificationsCommand.reminderPost(for: item))
    }
  }
}

// MARK: - Texts

extension NotificationsCommand {
  /// The notification posted when `item` becomes due.
  static func reminderPost(for item: TodoItem) -> Self {
    .post(title: "Reminder", body: "“\(item.title)” is due now.", kind: .reminder(item.id))
  }

  /// The notification posted when `session` expires.
  static func sessionExpiredPost(for session: Session) -> Self {
    .post(
      title: "Session expired",
      body: "\(session.user.name), your session has ended. Sign in again to continue.",
      kind: .sessionExpired)
  }

  /// The notification posted when SIGHUP asks the app to reload.
  static let reloadingPost = Self.post(
    title: "Reloading", body: "SIGHUP received: reloading the data.", kind: .system)
}
