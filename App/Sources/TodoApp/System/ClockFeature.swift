public import Core
public import Foundation

extension Feature where Environment == AppEnvironment {
  /// The App's clock: the model's time, the message that moves it, and the subscription that sends
  /// that message.
  ///
  /// The time belongs to the App, not to a feature: the App counts relative due dates from it,
  /// stamps its "Reloading" notice with it, and features read it (notifications judge reminders by
  /// it). So the App's System part owns it: the launch message gives the first time
  /// (``AppMessage/started(at:timeZone:)``), the clock asks for its
  /// ``TickSubscription`` for the whole session and runs it (``TickRunner``), and ``ClockUpdater``
  /// moves the time on each ``SystemMessage/clockTicked(_:)`` the tick sends. A line typed moves
  /// it forward too, to the line's time (``LineTimeUpdater``), so that a sign-in's missed reminders
  /// are judged at the time of the `login` line rather than at the last tick's; no extra message is
  /// sent for it. It comes first in the composition, so every feature reads the
  /// new time while handling the same message.
  ///
  /// - Parameter now: Where the model keeps the time.
  /// - Returns: The feature.
  public static func clock(_ now: any WritableKeyPath<Model, Date?> & Sendable) -> Self {
    Feature(
      "Clock", updater: .slice(now, CombinedUpdater<Date?>(.full(ClockUpdater()), .full(LineTimeUpdater()))),
      subscriptions: .full(FunctionSubscriptionProvider { _, _ in [TickSubscription.appClock] }),
      messageTypes: [SystemMessage.self],
      interpreters: { environment, registrations in
        let ticks = TickRunner(clock: environment.clock, now: environment.now)
        registrations.register(subscriptions: TickSubscription.self, run: ticks.run)
      })
  }
}
