public import Core
import Foundation
public import NotificationsAPI
public import TodoAPI

/// Derives the notifications feature's subscriptions from the app model: reminders, OS signals,
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
/// - one ``NotificationsAPI/ReminderSubscription`` per open to-do item whose due date is after
///   ``NotificationsAPI/NotificationsModel/now``. The subscription's value holds the item's title
///   and due date, so editing either replaces it, and completing or removing the item removes it.
///   Once a reminder has rung, `now` has reached its due date and it is no longer asked for, so it
///   does not ring twice; a due date moved into the future again asks for a new one. While `now`
///   is `nil` (the app has not told the time yet) there are no reminders.
/// - the three ``NotificationsAPI/SignalSubscription``s (SIGINT, SIGTERM, SIGHUP) while
///   ``NotificationsAPI/NotificationsModel/listensForSignals`` is `true`.
/// - one ``NotificationsAPI/TickSubscription`` of ``tickInterval`` while the nearest reminder is
///   due within ``countdownWindow`` of `now`, so the app can render a countdown. `now` only moves
///   when told, so ``ReminderRunner`` tells it the time when the window opens; then each tick
///   moves it, and the tick stops by itself once no reminder is that close.
///
/// Pure: everything comes from the model; the current time only through `now`.
///
/// Cost: one pass over the to-do items per processed message, plus one subscription value per
/// reminder; the store then compares the list with the previous one.
public struct NotificationsSubscriptions<Model>: SubscriptionProvider {
  /// How far ahead of a reminder the countdown tick starts: 60 seconds.
  public static var countdownWindow: Duration { Countdown.window }

  /// The interval of the countdown tick: one second.
  public static var tickInterval: Duration { Countdown.interval }

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

  /// Returns the reminders, signal subscriptions and tick that `model` asks for.
  ///
  /// - Parameters:
  ///   - model: The app model after the update.
  ///   - message: Ignored: everything is derived from the model.
  /// - Returns: The subscriptions that should be alive.
  public func subscriptions(for model: Model, message: (any Message)?) -> [any Subscription] {
    let slice = model[keyPath: notifications]
    var subscriptions: [any Subscription] = []
    if slice.listensForSignals {
      for signal in OSSignal.allCases { subscriptions.append(SignalSubscription(signal: signal)) }
    }
    guard let now = slice.now else { return subscriptions }
    // The list's index of open items with a due date: the cost follows the number of reminders,
    // not the length of the list (this runs after every message).
    let list = model[keyPath: todos]
    var nearest: Date?
    let upcoming = list.openDueDates.filter { $0.value > now }.sorted {
      ($0.value, $0.key) < ($1.value, $1.key)
    }
    for (id, due) in upcoming {
      guard let item = list.item(id) else { continue }
      subscriptions.append(ReminderSubscription(todo: id, title: item.title, dueDate: due))
      if nearest.map({ due < $0 }) ?? true { nearest = due }
    }
    if let nearest, nearest <= now.addingTimeInterval(Countdown.window.timeInterval) {
      subscriptions.append(TickSubscription(interval: Countdown.interval))
    }
    return subscriptions
  }
}
