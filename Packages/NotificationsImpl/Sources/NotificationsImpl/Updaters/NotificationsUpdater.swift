import AuthenticationAPI
public import Core
import Foundation
public import NotificationsAPI
public import TodoAPI

/// The notifications feature's pure update: the inbox, the time, and the notifications that
/// reminders and session expiry post.
///
/// It reads two slices of the app's model without knowing its type, through key paths, and is
/// added to the app's ``Core/CombinedUpdater`` as a whole-model part, after the to-do slice's
/// updater (it reads the list as that updater left it):
///
/// ```swift
/// CombinedUpdater<AppModel>([
///   .slice(\.todos, TodoUpdater()),
///   .full(NotificationsUpdater(todos: \.todos, notifications: \.notifications)),
/// ])
/// ```
///
/// It handles ``NotificationsAPI/NotificationsMessage`` and, of ``AuthenticationAPI/AuthenticationMessage``,
/// ``AuthenticationAPI/AuthenticationMessage/signedIn(_:)``,
/// ``AuthenticationAPI/AuthenticationMessage/signedOut`` and
/// ``AuthenticationAPI/AuthenticationMessage/sessionExpired(_:)``.
///
/// ## Time and reminders
/// Time enters as messages: ``NotificationsAPI/NotificationsMessage/clockTicked(_:)`` and the time
/// a reminder rang, carried by ``NotificationsAPI/NotificationsMessage/reminderDue(_:title:dueDate:at:)``,
/// move ``NotificationsAPI/NotificationsModel/now`` forward, never back. Whenever `now` moves from
/// `a` to `b`, every open to-do item due in `max(a, b - gracePeriod) < due <= b` is posted, once,
/// whichever message moved it. A reminder subscription is therefore only an alarm clock: the
/// notification is decided here, from the model, so
/// - two items due at the same instant are both posted when the first alarm rings (the second
///   alarm's subscription is stopped at once, and its message, if already sent, moves nothing);
/// - a tick that overtakes an alarm posts the item, and the late alarm posts nothing;
/// - an alarm for an item completed or rescheduled in the meantime posts nothing.
///
/// Only due dates reached while the app was watching are posted. Items due in
/// `a < due <= b - gracePeriod` pass silently: the loop learned of their time more than
/// ``gracePeriod`` late, because `now` was stale (the app had not told the time for hours and an
/// overdue item arrived, by an edit, an import or a sign-in), or the process was suspended. A
/// reminder asked for on such a stale time rings at once with the real time, so it moves `now`
/// past every stale reminder in one step and posts none of them: importing a thousand overdue
/// items posts nothing.
///
/// While no time is known (`now` is `nil`) nothing can have been pending, so the first
/// ``NotificationsAPI/NotificationsMessage/clockTicked(_:)`` (the app sends one at launch) posts
/// nothing.
///
/// ## Users
/// Reminders and session-expiry notices speak of one user's data (titles, the user's name), so
/// they leave the inbox when that user's session ends:
/// ``AuthenticationAPI/AuthenticationMessage/signedOut`` and
/// ``AuthenticationAPI/AuthenticationMessage/signedIn(_:)`` remove them; a session expiry removes
/// them and then posts its own "Session expired" notice, which stays until the next sign-in so the
/// user sees it. System notifications (a reload, say) stay.
///
/// ## Posting
/// Posting is an update of the inbox in the same step as the message that causes it: the
/// notification's identity comes from the counter in the model and its time from
/// ``NotificationsAPI/NotificationsModel/now``, so no interpreter answers it and no other message can
/// come between (a reminder cannot outlive its item's user).
public struct NotificationsUpdater<Model>: Updater {
  /// How late after its due date an item can still be posted as due: 60 seconds.
  public static var gracePeriod: Duration { Reminders.gracePeriod }

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
  ///   - commands: Untouched: posting is an update of the inbox
  ///     (``NotificationsAPI/NotificationsModel/post(title:body:kind:)``), not a command.
  /// - Returns: Whether the message was a ``NotificationsAPI/NotificationsMessage`` or one of the
  ///   authentication messages listed in the type's documentation.
  public func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool {
    if let message = message as? NotificationsMessage {
      update(&model, notificationsMessage: message)
      return true
    }
    if let message = message as? AuthenticationMessage {
      return update(&model, authenticationMessage: message)
    }
    return false
  }

  // MARK: - Notifications messages

  private func update(
    _ model: inout Model, notificationsMessage message: NotificationsMessage
  ) {
    switch message {
    case .clockTicked(let date):
      advanceTime(&model, to: date)
    case .reminderDue(_, _, _, let rang):
      advanceTime(&model, to: rang)
    }
  }

  /// Moves `now` forward to `date` and posts the open items that became due on the way, except
  /// those that became due more than the grace period before `date`.
  private func advanceTime(_ model: inout Model, to date: Date) {
    let previous = model[keyPath: notifications].now
    if let previous, date <= previous { return }
    model[keyPath: notifications].now = date
    // Without a previous time nothing was being watched (see the type's documentation).
    guard let previous else { return }
    let earliest = max(previous, date.addingTimeInterval(-Reminders.gracePeriod.timeInterval))
    // One pass over the list's index of open items with a due date, not over the whole list.
    // Posted in display order, so the result is the same on every run.
    let list = model[keyPath: todos]
    let due = list.openDueDates.compactMap { id, due -> TodoItem? in
      due > earliest && due <= date ? list.item(id) : nil
    }
    for item in due.sorted(by: TodoItem.displayOrder) {
      model[keyPath: notifications].postReminder(for: item)
    }
  }

  // MARK: - Authentication messages

  private func update(
    _ model: inout Model, authenticationMessage message: AuthenticationMessage
  ) -> Bool {
    switch message {
    case .signedIn, .signedOut:
      model[keyPath: notifications].removeAll(where: Self.concernsUser)
      return true
    case .sessionExpired(let session):
      model[keyPath: notifications].removeAll(where: Self.concernsUser)
      model[keyPath: notifications].postSessionExpired(for: session)
      return true
    case .registered, .registrationFailed, .signInFailed, .noSavedSession:
      return false
    }
  }

  /// Whether a notification speaks of one user's data, and must not outlive the session.
  private static func concernsUser(_ notification: InAppNotification) -> Bool {
    switch notification.kind {
    case .reminder, .sessionExpired: true
    case .system: false
    }
  }
}
