import AuthenticationAPI
public import Core
public import Foundation
public import NotificationsAPI
public import TodoAPI

/// The notifications feature's pure update: the inbox, and the notifications that reminders and
/// session expiry post.
///
/// It reads the app's time and the to-do slice without knowing the model's type, through key
/// paths, and is added to the app's ``Core/CombinedUpdater`` as a whole-model part, after the
/// updater that moves the time and the to-do slice's (it reads both as those left them):
///
/// ```swift
/// CombinedUpdater<AppModel>([
///   .slice(\.now, ClockUpdater()),
///   .slice(\.todos, TodoUpdater()),
///   .full(NotificationsUpdater(todos: \.todos, notifications: \.notifications, now: \.now)),
/// ])
/// ```
///
/// It looks at every message (``messageTypes`` is `nil`): the app moves its time with a message of
/// its own, whose type the feature does not know, so after any message it compares the time with
/// how far it has judged due dates. It handles ``NotificationsAPI/NotificationsMessage``,
/// ``TodoAPI/TodoMessage/loaded(_:_:)``, ``TodoAPI/TodoMessage/added(_:owner:)``,
/// ``TodoAPI/TodoMessage/dueDateChanged(_:owner:)`` and, of
/// ``AuthenticationAPI/AuthenticationMessage``,
/// ``AuthenticationAPI/AuthenticationMessage/signedIn(_:)``,
/// ``AuthenticationAPI/AuthenticationMessage/signedOut`` and
/// ``AuthenticationAPI/AuthenticationMessage/sessionExpired(_:)``.
///
/// ## Time and reminders
/// The app owns the time; the feature reads it. The app's time (read through the `now` key path)
/// and the times a reminder observed, carried by
/// ``NotificationsAPI/NotificationsMessage/countdownStarted(_:at:)`` and
/// ``NotificationsAPI/NotificationsMessage/reminderDue(_:title:dueDate:at:)``, move
/// ``NotificationsAPI/NotificationsModel/watchedUntil`` forward, never back: below, `now` is that
/// time, the latest of them. (It needs a field of its own because a reminder may see the time ahead
/// of the app's, and because the feature must know where the time was before the app moved it.)
/// Whenever `now` moves from
/// `a` to `b`, every open to-do item due in `max(a, b - gracePeriod) < due <= b` is posted, once,
/// whichever message moved it. A reminder subscription is therefore only an alarm clock: the
/// notification is decided here, from the model, so
/// - two items due at the same instant are both posted when the first alarm rings (the second
///   alarm's subscription is stopped at once, and its message, if already sent, moves nothing);
/// - a tick that overtakes an alarm posts the item, and the late alarm posts nothing;
/// - an alarm for an item completed or rescheduled in the meantime posts nothing.
///
/// An item given a due date that `now` has already passed by less than ``gracePeriod`` (`due 1 in
/// 0m`) is posted at once: the time will not move past it again.
///
/// Only due dates reached while the app was watching are posted. Items due in
/// `a < due <= b - gracePeriod` pass silently: the loop learned of their time more than
/// ``gracePeriod`` late, because `now` was stale (the app had not told the time for hours and an
/// overdue item arrived, by an edit, an import or a sign-in), or the process was suspended. A
/// reminder asked for on such a stale time rings at once with the real time, so it moves `now`
/// past every stale reminder in one step and posts none of them: importing a thousand overdue
/// items posts nothing.
///
/// While no time is known (`now` is `nil`) nothing can have been pending, so the first time the
/// app tells (it does at launch) posts nothing.
///
/// ## Users and missed reminders
/// The inbox shows the signed-in user's reminders (``NotificationsAPI/NotificationsModel/user``).
/// ``AuthenticationAPI/AuthenticationMessage/signedOut`` and
/// ``AuthenticationAPI/AuthenticationMessage/sessionExpired(_:)`` take that user's reminders out of
/// the inbox, kept aside for this run of the app (``NotificationsAPI/NotificationsModel/keepInbox(of:where:)``)
/// so another user signing in on the same terminal does not read them, and store the user's
/// seen-until time (``NotificationsAPI/NotificationsCommand/saveSeen(_:until:)``); a session expiry
/// then posts its own "Session expired" notice, which stays until the next sign-in so the user sees
/// it. ``AuthenticationAPI/AuthenticationMessage/signedIn(_:)`` removes any such notice, gives the
/// user back the reminders they left, and asks for their seen-until time
/// (``NotificationsAPI/NotificationsCommand/loadSeen(_:)``). System notifications (a reload, say)
/// stay throughout.
///
/// Once both that time and the user's list are in, the open items due after the seen-until time
/// and at or before `now` are announced in one notification, "2 reminders came due while you were
/// away", naming the first few; then the seen-until time becomes `now`. Until then no reminder is
/// posted live (the announcement covers them). While the user is signed in, every live reminder
/// stores the seen-until time again, so a reminder once shown is never announced as missed, and so
/// does the time moving a minute past the last one stored, so a session that ends without a
/// sign-out (the app quits or is killed) has stored nearly all it saw. A user with no stored time
/// (the first sign-in) has missed nothing.
///
/// ## Posting
/// Posting is an update of the inbox in the same step as the message that causes it: the
/// notification's identity comes from the counter in the model and its time from
/// ``NotificationsAPI/NotificationsModel/watchedUntil``, so no interpreter answers it and no other message can
/// come between (a reminder cannot outlive its item's user).
public struct NotificationsUpdater<Model>: Updater {
  /// How late after its due date an item can still be posted as due: 60 seconds.
  public static var gracePeriod: Duration { Reminders.gracePeriod }

  private let todos: any KeyPath<Model, TodoModel> & Sendable
  private let notifications: any WritableKeyPath<Model, NotificationsModel> & Sendable
  private let now: any KeyPath<Model, Date?> & Sendable

  /// Creates the updater for an app model that holds both slices and the time.
  ///
  /// - Parameters:
  ///   - todos: Where the app model keeps the to-do slice (read only).
  ///   - notifications: Where the app model keeps the notifications slice.
  ///   - now: Where the app model keeps the time as last told (read only; `nil` until told). The
  ///     app's updater that moves it must run before this one.
  public init(
    todos: any KeyPath<Model, TodoModel> & Sendable,
    notifications: any WritableKeyPath<Model, NotificationsModel> & Sendable,
    now: any KeyPath<Model, Date?> & Sendable
  ) {
    self.todos = todos
    self.notifications = notifications
    self.now = now
  }

  /// `nil`: every message, because the app's time may have moved with any (see the type's
  /// documentation). Of each, a key-path read and a comparison; the feature's own messages,
  /// ``AuthenticationAPI/AuthenticationMessage`` and ``TodoAPI/TodoMessage`` (for the loaded list)
  /// do more.
  public var messageTypes: [any Message.Type]? { nil }

  /// How many missed reminders the announcement names; it counts the others.
  public static var namedMissedReminders: Int { 3 }

  /// Applies a notifications or authentication message to the app model.
  ///
  /// - Parameters:
  ///   - model: The app model, changed in place (the notifications slice only).
  ///   - message: The message being processed.
  ///   - commands: Receives the ``NotificationsAPI/NotificationsCommand``s that read and store the
  ///     signed-in user's seen-until time. Posting is an update of the inbox
  ///     (``NotificationsAPI/NotificationsModel/post(title:body:kind:at:)``), not a command.
  /// - Returns: Whether the message was a ``NotificationsAPI/NotificationsMessage``, a loaded list,
  ///   or one of the authentication messages listed in the type's documentation. A message that
  ///   only moved the app's time is the app's to handle: for it, `false`, whatever was posted.
  public func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool {
    if let time = model[keyPath: now], advanceTime(&model, to: time, commands: &commands) {
      catchUpIfReady(&model, commands: &commands)
    }
    if let message = message as? NotificationsMessage {
      update(&model, notificationsMessage: message, commands: &commands)
      return true
    }
    if let message = message as? AuthenticationMessage {
      return update(&model, authenticationMessage: message, commands: &commands)
    }
    if let message = message as? TodoMessage {
      switch message {
      case .loaded:
        catchUpIfReady(&model, commands: &commands)
        return true
      case .added(let item, let owner), .dueDateChanged(let item, let owner):
        postIfJustDue(item, owner: owner, in: &model, commands: &commands)
        return true
      default:
        return false
      }
    }
    return false
  }

  /// Posts `item`'s reminder if its due date is one the time has already passed, by less than the
  /// grace period: `due 1 in 0m` sets the time of the line, which `now` has reached already (and
  /// the stored due date, to the millisecond, may fall just before it), so moving the time would
  /// never post it, and a sign-out would store a seen-until time past it.
  private func postIfJustDue(
    _ item: TodoItem, owner: UserID, in model: inout Model, commands: inout [any Command]
  ) {
    let state = model[keyPath: notifications]
    guard state.user == owner, state.catchUp == nil, let now = state.watchedUntil, !item.isDone,
      let due = item.dueDate, due <= now, due > now.addingTimeInterval(-Reminders.gracePeriod.timeInterval)
    else { return }
    model[keyPath: notifications].postReminder(for: item)
    storeSeen(&model, user: owner, until: now, commands: &commands)
  }

  // MARK: - Notifications messages

  private func update(
    _ model: inout Model, notificationsMessage message: NotificationsMessage, commands: inout [any Command]
  ) {
    switch message {
    case .countdownStarted(_, let seen):
      advanceTime(&model, to: seen, commands: &commands)
    case .reminderDue(_, _, _, let rang):
      advanceTime(&model, to: rang, commands: &commands)
    case .seenLoaded(let user, let seen):
      guard model[keyPath: notifications].user == user, model[keyPath: notifications].catchUp == .loadingSeen
      else { return }
      model[keyPath: notifications].catchUp = .seen(until: seen)
    }
    catchUpIfReady(&model, commands: &commands)
  }

  /// Moves `watchedUntil` forward to `date` and posts the open items that became due on the way,
  /// except those that became due more than the grace period before `date`.
  ///
  /// - Returns: Whether it moved.
  @discardableResult
  private func advanceTime(_ model: inout Model, to date: Date, commands: inout [any Command]) -> Bool {
    let previous = model[keyPath: notifications].watchedUntil
    if let previous, date <= previous { return false }
    model[keyPath: notifications].watchedUntil = date
    // Without a previous time nothing was being watched (see the type's documentation); while a
    // sign-in's missed reminders are pending, their announcement covers these.
    guard let previous, model[keyPath: notifications].catchUp == nil else { return true }
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
    guard let user = model[keyPath: notifications].user else { return true }
    let stored = model[keyPath: notifications].seenStored
    if !due.isEmpty
      || stored.map({ date.timeIntervalSince($0) >= Reminders.seenStoreInterval.timeInterval }) ?? true
    {
      storeSeen(&model, user: user, until: date, commands: &commands)
    }
    return true
  }

  private func storeSeen(_ model: inout Model, user: UserID, until date: Date, commands: inout [any Command])
  {
    model[keyPath: notifications].seenStored = date
    commands.append(NotificationsCommand.saveSeen(user, until: date))
  }

  /// Announces the signed-in user's missed reminders once their seen-until time and their list are
  /// both in, and stores `now` as the new seen-until time.
  private func catchUpIfReady(_ model: inout Model, commands: inout [any Command]) {
    let state = model[keyPath: notifications]
    guard let user = state.user, case .seen(let seen) = state.catchUp, let now = state.watchedUntil else {
      return
    }
    let list = model[keyPath: todos]
    // A list that failed to load is not taken as empty: the reminders stay pending.
    guard list.owner == user, !list.isLoading, list.lastError == nil else { return }
    model[keyPath: notifications].catchUp = nil
    if let seen {
      let missed = list.openDueDates.compactMap { id, due -> TodoItem? in
        due > seen && due <= now ? list.item(id) : nil
      }
      model[keyPath: notifications].postMissedReminders(
        missed.sorted { ($0.dueDate!, $0.id) < ($1.dueDate!, $1.id) }, naming: Self.namedMissedReminders)
    }
    storeSeen(&model, user: user, until: now, commands: &commands)
  }

  // MARK: - Authentication messages

  private func update(
    _ model: inout Model, authenticationMessage message: AuthenticationMessage, commands: inout [any Command]
  ) -> Bool {
    switch message {
    case .signedIn(let session):
      signOut(&model, commands: &commands)
      let user = session.user.id
      model[keyPath: notifications].user = user
      model[keyPath: notifications].restoreInbox(of: user)
      model[keyPath: notifications].catchUp = .loadingSeen
      commands.append(NotificationsCommand.loadSeen(user))
      return true
    case .signedOut:
      signOut(&model, commands: &commands)
      return true
    case .sessionExpired(let session):
      signOut(&model, commands: &commands)
      model[keyPath: notifications].postSessionExpired(for: session)
      return true
    case .registered, .usernameAvailable, .registrationFailed, .signInFailed, .noSavedSession:
      return false
    }
  }

  /// Ends the signed-in user's part of the inbox: their reminders are kept aside, any other notice
  /// about a user goes, and the time they have seen up to is stored, unless their missed reminders
  /// are still pending (then the stored time stays, and they are announced at the next sign-in).
  private func signOut(_ model: inout Model, commands: inout [any Command]) {
    let state = model[keyPath: notifications]
    if let user = state.user {
      if state.catchUp == nil, let now = state.watchedUntil {
        commands.append(NotificationsCommand.saveSeen(user, until: now))
      }
      model[keyPath: notifications].keepInbox(of: user, where: Self.isReminder)
    }
    model[keyPath: notifications].removeAll(where: Self.concernsUser)
    model[keyPath: notifications].user = nil
    model[keyPath: notifications].catchUp = nil
    model[keyPath: notifications].seenStored = nil
  }

  /// Whether a notification speaks of one user's data, and must not outlive the session.
  private static func concernsUser(_ notification: InAppNotification) -> Bool {
    switch notification.kind {
    case .reminder, .missedReminders, .sessionExpired: true
    case .system: false
    }
  }

  /// Whether a notification is one of the user's reminders, kept for their next sign-in.
  private static func isReminder(_ notification: InAppNotification) -> Bool {
    switch notification.kind {
    case .reminder, .missedReminders: true
    case .sessionExpired, .system: false
    }
  }
}
