public import Core
public import Foundation
public import GRDB
public import NotificationsAPI
import TodoAPI

/// What the notifications feature needs from the app's environment.
public protocol NotificationsEnvironment: SendableMetatype {
  /// The clock reminders sleep on.
  associatedtype RunnerClock: Clock<Duration>

  /// The wall-clock time, to turn reminders' due dates into instants of ``clock``.
  var now: @Sendable () -> Date { get }
  /// The clock reminders sleep on; tests pass a `TestClock` and derive `now` from it.
  var clock: RunnerClock { get }
  /// The app's database; the feature keeps each user's seen-until time there (``SeenTable``).
  var database: any DatabaseWriter { get }
}

extension Feature where Environment: NotificationsEnvironment {
  /// Notifications and reminders of due items: the updater and subscriptions on the two slices and
  /// the app's time, the messages for replay, the seen-until table's migration and interpreter on
  /// the environment's database, and the reminders' alarms on the environment's clock.
  ///
  /// The feature reads the time and never moves it: the app owns it. Place the app's part that
  /// moves it before this feature, and name the message that moves it (`movedBy`): the feature
  /// then judges due dates whenever the time moves.
  ///
  /// - Parameters:
  ///   - notifications: Where the app's model keeps the notifications slice.
  ///   - now: Where the app's model keeps the time as last told (read only).
  ///   - timeMessage: The app's message that moves the time at `now`.
  /// - Returns: The feature.
  public static func notifications(
    notifications: any WritableKeyPath<Model, NotificationsModel> & Sendable,
    now: any KeyPath<Model, Date?> & Sendable,
    movedBy timeMessage: any Message.Type
  ) -> Self {
    Feature(
      "Notifications",
      updater: .full(
        NotificationsUpdater(notifications: notifications, now: now, movedBy: timeMessage)),
      subscriptions: .full(NotificationsSubscriptions(notifications: notifications)),
      messageTypes: [NotificationsMessage.self, ElementMessage<TodoID, ReminderMessage>.self],
      prepare: { environment in try SeenTable.migrate(environment.database) },
      interpreters: { environment, registrations in
        registrations.register(NotificationsInterpreter(database: environment.database))
        let runner = ReminderRunner(clock: environment.clock, now: environment.now)
        registrations.register(subscriptions: ReminderSubscription.self, run: runner.run)
      })
  }
}
