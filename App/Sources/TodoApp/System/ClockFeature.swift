public import Core
public import Foundation
import NotificationsAPI

extension Feature where Environment == AppEnvironment {
  /// The App's clock: the model's time, the message that moves it, and the countdown tick.
  ///
  /// The time belongs to the App, not to a feature: the App reads the wall clock before each line
  /// (and judges a listing's overdue items by that reading), stamps its "Reloading" notice with the
  /// model's time, and features read it (notifications judge reminders by it). So the App's System
  /// part owns it:
  /// ``ClockUpdater`` moves it on ``SystemMessage/clockTicked(_:)``, which the App sends at launch
  /// and with each line. It comes first in the composition, so every feature reads the new time
  /// while handling the same message.
  ///
  /// The countdown tick exists for reminders: the notifications feature asks for a
  /// ``NotificationsAPI/TickSubscription`` while a reminder is due within a minute, because it alone
  /// knows that; the clock runs it (``TickRunner``), because a tick moves the App's time.
  ///
  /// - Parameter now: Where the model keeps the time.
  /// - Returns: The feature.
  public static func clock(_ now: any WritableKeyPath<Model, Date?> & Sendable) -> Self {
    Feature(
      "Clock", updater: .slice(now, ClockUpdater()), messageTypes: [SystemMessage.self],
      interpreters: { environment, registrations in
        let ticks = TickRunner(clock: environment.clock, now: environment.now)
        registrations.register(subscriptions: TickSubscription.self, run: ticks.run)
      })
  }
}
