public import Core
import Foundation
public import NotificationsAPI
public import TodoAPI

/// Derives the notifications feature's subscriptions from the app model: reminders
/// and a countdown tick.
///
/// It reads two slices of the app's model without knowing its type, through key paths, and is
/// added to the app's ``Core/CombinedSubscriptionProvider`` as a whole-model part:
///
/// ```swift
/// CombinedSubscriptionProvider<AppModel>([
///   .full(NotificationsSubscriptions(todos: \.todos, notifications: \.notifications)),
/// ])
/// ```
///
/// For a model it returns:
/// - one ``NotificationsAPI/ReminderSubscription`` for each of the ``reminderLimit`` open to-do
///   items due soonest after ``NotificationsAPI/NotificationsModel/watchedUntil`` (`now` below:
///   the app's time as the updater last read it, or a later reminder's; ties broken by identity).
///   The subscription's value holds the item's title and due date, so editing either replaces it,
///   and completing or removing the item removes it. Once a reminder has rung, `now` has reached its
///   due date and it is no longer asked for, so it does not ring twice, and the next item in line
///   takes its place; a due date moved into the future again asks for a new one. While `now` is
///   `nil` (the app has not told the time yet) there are no reminders.
/// - one ``NotificationsAPI/TickSubscription`` of ``tickInterval`` while the nearest reminder is
///   due within ``countdownWindow`` of `now`: the countdown. The feature asks for it because it
///   alone knows when a reminder is near; the app runs it, because the app owns the time: its
///   ticks move the app's time, which the feature reads. `now` only moves when told, so
///   ``ReminderRunner`` tells when the window opens
///   (``NotificationsAPI/NotificationsMessage/countdownStarted(_:at:)``); then each tick moves it,
///   and the tick stops by itself once no reminder is that close.
///
/// `now` may be stale (it moves only when told), so an item that is already overdue can still get
/// a reminder here. That reminder rings at once and reports the real time, which moves `now` past
/// it and every other stale one; ``NotificationsUpdater`` posts nothing for them (see its
/// documentation). The app keeps `now` fresh by sending the time with every user action, so that
/// this is rare.
///
/// Pure: everything comes from the model; the current time only through `now`.
///
/// Cost per processed message: one pass over the list's index of open items with a due date
/// (``TodoAPI/TodoModel/openDueDates``), without sorting the index: a buffer of twice
/// ``reminderLimit`` candidates is sorted and cut back whenever it fills; then at most
/// ``reminderLimit`` reminders for the store to compare, and at most that many waiting tasks,
/// however long the list.
public struct NotificationsSubscriptions<Model>: SubscriptionProvider {
  /// How far ahead of a reminder the countdown tick starts: 60 seconds.
  public static var countdownWindow: Duration { Countdown.window }

  /// The interval of the countdown tick: one second.
  public static var tickInterval: Duration { Countdown.interval }

  /// The most reminders alive at once: 64, the ones due soonest.
  public static var reminderLimit: Int { Reminders.limit }

  private let todos: any KeyPath<Model, TodoModel> & Sendable
  private let notifications: any KeyPath<Model, NotificationsModel> & Sendable

  /// Creates the provider for an app model that holds both slices.
  ///
  /// - Parameters:
  ///   - todos: Where the app model keeps the to-do slice.
  ///   - notifications: Where the app model keeps the notifications slice.
  public init(
    todos: any KeyPath<Model, TodoModel> & Sendable,
    notifications: any KeyPath<Model, NotificationsModel> & Sendable
  ) {
    self.todos = todos
    self.notifications = notifications
  }

  /// Returns the reminders and tick that `model` asks for.
  ///
  /// - Parameters:
  ///   - model: The app model after the update.
  ///   - message: Ignored: everything is derived from the model.
  /// - Returns: The subscriptions that should be alive.
  public func subscriptions(for model: Model, message: (any Message)?) -> [any Subscription] {
    let slice = model[keyPath: notifications]
    var subscriptions: [any Subscription] = []
    guard let now = slice.watchedUntil else { return subscriptions }
    let list = model[keyPath: todos]
    let nearest = DueDate.nearest(Reminders.limit, after: now, in: list.openDueDates)
    for due in nearest {
      guard let item = list.item(due.id) else { continue }
      subscriptions.append(ReminderSubscription(todo: due.id, title: item.title, dueDate: due.date))
    }
    if let first = nearest.first, first.date <= now.addingTimeInterval(Countdown.window.timeInterval) {
      subscriptions.append(TickSubscription(interval: Countdown.interval))
    }
    return subscriptions
  }
}
