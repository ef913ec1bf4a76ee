public import AuthenticationAPI
public import Core
public import Foundation
public import TodoAPI

/// The notifications slice of the app's model: the inbox, newest first, how far due dates have
/// been judged, and the pending reminders.
///
/// The slice holds no clock: the app's model owns the time, and the feature reads it.
public struct NotificationsModel: Hashable, Sendable {
  /// The default inbox capacity.
  public static let defaultCapacity = 200

  /// The notifications, newest first.
  public internal(set) var inbox: [InAppNotification]
  /// The most notifications kept; beyond it the oldest read ones go first, then the oldest.
  public let capacity: Int
  /// The time up to which the feature has judged due dates: the app's time as the feature last
  /// read it (the app owns the clock; NotificationsImpl reads it through a key path) or, if later,
  /// the time a reminder rang. `nil` until the app's time is known. Reminders are asked for items
  /// due after it, so an item's reminder is not asked for again once its due date has been judged.
  ///
  /// It is the feature's bookkeeping, not a clock: it moves only when the app's time or a reminder
  /// moves it, so it lags behind the wall clock. Do not read it as the current time.
  public var watchedUntil: Date?
  /// The largest identity posted so far; ``post(title:body:kind:at:)`` issues the next one. `nil`
  /// until something is posted.
  public internal(set) var lastIssuedID: NotificationID?
  /// The signed-in user whose reminders the inbox shows; `nil` when nobody is signed in.
  public var user: UserID?
  /// Whether the missed reminders of ``user`` are still to be announced (see ``CatchUp``); `nil`
  /// once they have been, or when nobody is signed in.
  public var catchUp: CatchUp?
  /// The seen-until time last stored for ``user`` in this session; `nil` before the first.
  public var seenStored: Date?
  /// The reminders each signed-out user left in the inbox, newest first, given back at their next
  /// sign-in in this run of the app (see ``keepInbox(of:where:)``).
  public internal(set) var keptInboxes: [UserID: [InAppNotification]]
  /// The reminders whose alarms run: one for each of the nearest ``reminderLimit`` open items due
  /// after ``watchedUntil``, kept by ``scheduleReminders()`` from ``dueSoon``. Each is a child
  /// feature: its alarm is its own subscription, and what the alarm sends comes back to it.
  ///
  /// NotificationsImpl keeps it current after every message it handles: a model built by hand
  /// with a window of due items calls ``scheduleReminders()`` as the feature would.
  public var reminders: IdentifiedArray<Reminder>
  /// The open items of ``user``'s list due soonest, as the database last read them
  /// (``TodoAPI/TodoMessage/dueSoon(_:owner:)``) with the changes stored since applied: what the
  /// reminders are made from and due dates are judged against, without holding the list. `nil`
  /// until read.
  public var dueSoon: TodoDueWindow?
  /// The time the window of due items is asked for from (``TodoAPI/TodoDueSubscription``'s
  /// `after`): ``watchedUntil`` when the window was last moved. ``scheduleReminders()`` moves it
  /// when fewer than ``reminderLimit`` items of a partial window remain ahead; judging moves it to
  /// the window's end when the time passes it.
  public var dueWindowStart: Date?
  /// Due dates after this time and up to ``watchedUntil`` are still to be judged: the time passed
  /// the end of the window held (or no window was held yet), and they are judged when the window
  /// asked for from here arrives. `nil` when everything up to ``watchedUntil`` is judged.
  public var unjudgedAfter: Date?

  /// Creates the slice.
  ///
  /// - Parameters:
  ///   - inbox: The notifications, newest first.
  ///   - capacity: The most notifications kept; at least 1.
  ///   - watchedUntil: The time up to which due dates have been judged.
  public init(
    inbox: [InAppNotification] = [], capacity: Int = defaultCapacity, watchedUntil: Date? = nil
  ) {
    self.capacity = max(1, capacity)
    self.inbox = []
    self.watchedUntil = watchedUntil
    self.lastIssuedID = nil
    self.user = nil
    self.catchUp = nil
    self.seenStored = nil
    self.keptInboxes = [:]
    self.reminders = []
    self.dueSoon = nil
    self.dueWindowStart = nil
    self.unjudgedAfter = nil
    for notification in inbox.reversed() { post(notification) }
  }

  /// How many notifications are unread.
  public var unreadCount: Int { inbox.count { !$0.isRead } }

  /// Posts a new notification: the next identity (one more than ``lastIssuedID``), the time given,
  /// unread, at the top of the inbox.
  ///
  /// A pure update: identities come from the counter in the model and the time from the caller,
  /// who reads it from the model (NotificationsImpl gives ``watchedUntil``, the app its own time),
  /// so posting needs no interpreter and a replayed trace posts the same notifications.
  ///
  /// - Parameters:
  ///   - title: A short headline.
  ///   - body: The details.
  ///   - kind: What it is about.
  ///   - time: When it is posted: the model's time, never the wall clock's.
  /// - Returns: The notification posted.
  @discardableResult
  public mutating func post(
    title: String, body: String, kind: InAppNotification.Kind, at time: Date
  ) -> InAppNotification {
    let notification = InAppNotification(
      id: NotificationID(rawValue: (lastIssuedID?.rawValue ?? 0) + 1), title: title, body: body, time: time,
      kind: kind)
    post(notification)
    return notification
  }

  /// Adds `notification` at the top and enforces the capacity: the oldest read notifications are
  /// dropped first; if all are unread, the oldest.
  ///
  /// - Parameter notification: The notification; ``lastIssuedID`` becomes its identity if larger.
  public mutating func post(_ notification: InAppNotification) {
    if lastIssuedID.map({ notification.id > $0 }) ?? true { lastIssuedID = notification.id }
    inbox.removeAll { $0.id == notification.id }
    inbox.insert(notification, at: 0)
    while inbox.count > capacity {
      if let oldestRead = inbox.lastIndex(where: \.isRead) {
        inbox.remove(at: oldestRead)
      } else {
        inbox.removeLast()
      }
    }
  }

  /// Marks a notification read; unknown identities are ignored.
  ///
  /// - Parameter id: The notification.
  public mutating func markRead(_ id: NotificationID) {
    guard let index = inbox.firstIndex(where: { $0.id == id }) else { return }
    inbox[index].isRead = true
  }

  /// Removes a notification; unknown identities are ignored.
  ///
  /// - Parameter id: The notification.
  public mutating func dismiss(_ id: NotificationID) {
    inbox.removeAll { $0.id == id }
  }

  /// Empties the inbox.
  public mutating func clear() {
    inbox.removeAll()
  }

  /// Removes every notification that satisfies `shouldBeRemoved`, keeping the others in order.
  ///
  /// - Parameter shouldBeRemoved: Whether a notification goes.
  public mutating func removeAll(where shouldBeRemoved: (InAppNotification) -> Bool) {
    inbox.removeAll(where: shouldBeRemoved)
  }
}
