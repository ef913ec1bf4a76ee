public import Core
public import Foundation
public import NotificationsAPI

/// Runs a ``NotificationsAPI/ReminderSubscription``, a reminder's alarm: waits on a clock until the
/// due date, then sends ``NotificationsAPI/ReminderMessage/rang(at:)`` once, with the time it rang.
///
/// Register its ``run(_:dispatch:)`` with the store; dependencies are the initializer's:
///
/// ```swift
/// let reminders = ReminderRunner(clock: ContinuousClock(), now: { Date() })
/// store.register(subscriptions: ReminderSubscription.self, run: reminders.run)
/// ```
///
/// The alarm is asked for per reminder (a `ChildSubscription`), so the store addresses what it
/// sends to the reminder that asked: the runner knows nothing of reminders or lists.
///
/// The due date is a wall-clock `Date`; the wait is measured on `clock`. The runner reads `now()`
/// once when it starts and converts the due date into the instant of `clock` that lies
/// `dueDate - now()` ahead, so in tests a test clock and a `now` derived from it move together and
/// no real time passes. A due date that has already passed rings at once.
///
/// The message carries `now()` read when the alarm rings, not the due date: an alarm started on a
/// stale time (the model's clock lagged behind, the item arrived overdue) rings at once, and the
/// real time it reports lets ``NotificationsUpdater`` see that the due date was not reached while
/// the app watched, and post nothing. The time reported is never before the due date: if the wall
/// clock has fallen behind `clock` since the start (an adjustment), the due date is reported, so
/// the reminder still counts as reached.
public struct ReminderRunner<RunnerClock: Clock>: Sendable where RunnerClock.Duration == Duration {
  private let clock: RunnerClock
  private let now: @Sendable () -> Date

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - clock: The clock to wait on: `ContinuousClock()` in the app, a test clock in tests.
  ///   - now: The current wall-clock time, to turn due dates into instants of `clock`.
  public init(clock: RunnerClock, now: @escaping @Sendable () -> Date) {
    self.clock = clock
    self.now = now
  }

  /// Waits until the alarm's due date and sends the ring; returns early, sending nothing, as soon as
  /// the task is cancelled.
  ///
  /// - Parameters:
  ///   - subscription: The alarm to run.
  ///   - dispatch: Sends the message, caused by the subscription.
  public func run(_ subscription: ReminderSubscription, dispatch: Dispatch) async {
    let due = clock.now.advanced(to: subscription.dueDate, from: now())
    do {
      try await clock.sleep(until: due, tolerance: nil)
    } catch {
      return
    }
    guard !Task.isCancelled else { return }
    dispatch(ReminderMessage.rang(at: max(now(), subscription.dueDate)))
  }
}
