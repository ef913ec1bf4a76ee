public import Core
public import Foundation
public import GRDB
public import NotificationsAPI
public import TodoAPI

/// What the notifications feature needs from the app's environment.
public protocol NotificationsEnvironment: SendableMetatype {
  /// The clock reminders and ticks sleep on.
  associatedtype RunnerClock: Clock<Duration>

  /// The wall-clock time: notifications' times, reminders' due dates.
  var now: @Sendable () -> Date { get }
  /// The clock reminders and ticks sleep on; tests pass a `TestClock` and derive `now` from it.
  var clock: RunnerClock { get }
  /// The app's database; the feature keeps each user's seen-until time there (``SeenTable``).
  var database: any DatabaseWriter { get }
}

extension Feature where Environment: NotificationsEnvironment {
  /// Notifications, reminders of due items and their countdown tick: the updater and
  /// subscriptions on the two slices, the messages for replay, the seen-until table's migration and
  /// interpreter on the environment's database, and the runners on the environment's clock.
  ///
  /// - Parameters:
  ///   - todos: Where the app's model keeps the to-do slice (read only).
  ///   - notifications: Where the app's model keeps the notifications slice.
  /// - Returns: The feature.
  public static func notifications(
    todos: any KeyPath<Model, TodoModel> & Sendable,
    notifications: any WritableKeyPath<Model, NotificationsModel> & Sendable
  ) -> Self {
    Feature(
      "Notifications",
      updater: .full(NotificationsUpdater(todos: todos, notifications: notifications)),
      subscriptions: .full(NotificationsSubscriptions(todos: todos, notifications: notifications)),
      messageTypes: [NotificationsMessage.self],
      prepare: { environment in try SeenTable.migrate(environment.database) },
      interpreters: { environment, registrations in
        registrations.register(NotificationsInterpreter(database: environment.database))
        let (clock, now) = (environment.clock, environment.now)
        registrations.register(
          subscriptions: ReminderSubscription.self, run: ReminderRunner(clock: clock, now: now).run)
        registrations.register(
          subscriptions: TickSubscription.self, run: TickRunner(clock: clock, now: now).run)
      })
  }
}
