import AuthenticationAPI
public import Core
public import Foundation
public import NotificationsAPI
import TodoAPI

/// The notifications feature's pure update: the inbox, the pending reminders, and the
/// notifications that reminders and session expiry post.
///
/// It reads the app's time without knowing the model's type, through a key path, and is added to
/// the app's ``Core/CombinedUpdater`` as a whole-model part, after the updater that moves the time
/// (it reads the time as that left it). The app names the message that moves its time, `movedBy`,
/// so the feature is told when the time moves without knowing that message:
///
/// ```swift
/// CombinedUpdater<AppModel>([
///   .slice(\.now, ClockUpdater()),
///   .slice(\.todos, TodoUpdater()),
///   .full(NotificationsUpdater(notifications: \.notifications, now: \.now, movedBy: SystemMessage.self)),
/// ])
/// ```
///
/// It does not read the to-do list: the items it judges come from the database, a window of the
/// open items due soonest (``NotificationsAPI/NotificationsModel/dueSoon``, read by the to-do
/// feature's ``TodoAPI/TodoDueSubscription``, which ``NotificationsSubscriptions`` asks for), so a
/// list of a million items costs the feature what a list of ten does.
///
/// It is made of typed parts, each routed its own message type (``messageTypes``), so nothing
/// looks at a message's type after routing:
/// - the app's `movedBy` message: due dates are judged up to the app's time;
/// - `ElementMessage<TodoID, ReminderMessage>`, a reminder's alarm ringing: `UpdaterPart.forEach`
///   runs the reminder's own updater on the element of
///   ``NotificationsAPI/NotificationsModel/reminders`` it names (it records the ring), then a
///   whole-model part judges due dates up to the time the alarm saw;
/// - ``NotificationsAPI/NotificationsMessage`` (a user's seen-until time read);
/// - ``TodoAPI/TodoMessage`` (a window of due items read, the count of a sign-in's missed
///   reminders, and every change stored, applied to the window held at once);
/// - ``AuthenticationAPI/AuthenticationMessage`` (sign-in, sign-out, an expired session).
///
/// Every part first judges due dates up to the app's time as it stands, and last keeps the pending
/// reminders (``NotificationsAPI/NotificationsModel/scheduleReminders()``): one for each of the
/// nearest open items of the window due after the judged time, each a child feature whose alarm
/// (``NotificationsAPI/ReminderSubscription``) ``NotificationsSubscriptions`` asks for per element.
///
/// ## The window of due items
/// The window holds the first ``NotificationsAPI/NotificationsModel/dueWindowLimit`` open items
/// due after its start (and any due at the same instant as the last), so it is whole up to the due
/// time of its last item. While someone is signed in it is asked for from
/// ``NotificationsAPI/NotificationsModel/dueWindowStart``, which moves to the judged time when
/// fewer than ``NotificationsAPI/NotificationsModel/reminderLimit`` of its items remain ahead; the
/// one held serves until the new one arrives. A change the database stored (an item added, done,
/// rescheduled, removed, an undo) is applied to the window held as its result arrives, so a
/// reminder follows at once; the window's subscription reads it again after the commit. Should the
/// time pass the end of the window held (more items came due in one step than it holds, or no
/// window was read yet), what it holds is judged, and the rest waits
/// (``NotificationsAPI/NotificationsModel/unjudgedAfter``) for the window read from its end.
///
/// ## Time and reminders
/// The app owns the time; the feature reads it. The app's time (read through the `now` key path
/// whenever a part runs) and the time a reminder's alarm observed when it rang
/// (``NotificationsAPI/ReminderMessage/rang(at:)``) move
/// ``NotificationsAPI/NotificationsModel/watchedUntil`` forward, never back: below, `now` is that
/// time, the latest of them. (It needs a field of its own because a reminder may see the time ahead
/// of the app's, and because the feature must know where the time was before the app moved it.)
/// Whenever `now` moves from
/// `a` to `b`, every open to-do item due in `max(a, b - gracePeriod) < due <= b` is posted, once,
/// whichever message moved it. A reminder subscription is therefore only an alarm clock: the
/// notification is decided here, from the model, so
/// - two items due at the same instant are both posted when the first alarm rings (the second
///   reminder goes, which stops its alarm at once, and its message, if already sent, moves nothing);
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
/// Once that time and the app's are known, the open items due after the seen-until time and at or
/// before `now` are counted in the database (``TodoAPI/TodoCommand/readDue(after:through:naming:owner:)``),
/// and announced in one notification, "2 reminders came due while you were
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

  /// How many missed reminders the announcement names; it counts the others.
  public static var namedMissedReminders: Int { 3 }

  private let parts: CombinedUpdater<Model>

  /// Creates the updater for an app model that holds both slices and the time.
  ///
  /// - Parameters:
  ///   - notifications: Where the app model keeps the notifications slice.
  ///   - now: Where the app model keeps the time as last told (read only; `nil` until told). The
  ///     app's updater that moves it must run before this one.
  ///   - timeMessage: The app's message that moves the time at `now`; the feature handles it by
  ///     reading the time, never the message.
  public init(
    notifications: any WritableKeyPath<Model, NotificationsModel> & Sendable,
    now: any KeyPath<Model, Date?> & Sendable,
    movedBy timeMessage: any Message.Type
  ) {
    let judge = DueDateJudge(notifications: notifications, now: now)
    parts = CombinedUpdater(
      Self.timePart(timeMessage, judge: judge),
      .slice(notifications, CombinedUpdater<NotificationsModel>(.forEach(\.reminders, ReminderUpdater()))),
      .full(ReminderRingUpdater(judge: judge)),
      .full(NotificationsSeenUpdater(judge: judge)),
      .full(NotificationsListUpdater(judge: judge)),
      .full(NotificationsSessionUpdater(judge: judge)))
  }

  private static func timePart<Tick: Message>(_: Tick.Type, judge: DueDateJudge<Model>) -> UpdaterPart<Model>
  {
    .full(NotificationsTimeUpdater<Model, Tick>(judge: judge))
  }

  /// The app's time message, `ElementMessage<TodoID, ReminderMessage>`,
  /// ``NotificationsAPI/NotificationsMessage``, ``TodoAPI/TodoMessage`` and
  /// ``AuthenticationAPI/AuthenticationMessage``.
  public var messageTypes: [any Message.Type]? { parts.messageTypes }

  /// Applies one of the messages of ``messageTypes`` to the app model.
  ///
  /// - Parameters:
  ///   - model: The app model, changed in place (the notifications slice only).
  ///   - message: The message being processed.
  ///   - commands: Receives the ``NotificationsAPI/NotificationsCommand``s that read and store the
  ///     signed-in user's seen-until time. Posting is an update of the inbox
  ///     (``NotificationsAPI/NotificationsModel/post(title:body:kind:at:)``), not a command.
  /// - Returns: Whether the message was one of ``messageTypes``.
  public func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool {
    parts.update(&model, message: message, commands: &commands)
  }
}
