public import Core
public import Foundation
public import NotificationsAPI

/// Runs a ``NotificationsAPI/ReminderSubscription``: waits on a clock until the due date, then
/// sends ``NotificationsAPI/NotificationsMessage/reminderDue(_:title:dueDate:at:)`` once, with the
/// time it rang.
///
/// Register its ``run(_:dispatch:)`` with the store; dependencies are the initializer's:
///
/// ```swift
/// let reminders = ReminderRunner(clock: ContinuousClock(), now: { Date() })
/// store.register(subscriptions: ReminderSubscription.self, run: reminders.run)
/// ```
///
/// The due date is a wall-clock `Date`; the wait is measured on `clock`. The runner reads `now()`
/// once when it starts and converts the due date into the instant of `clock` that lies
/// `dueDate - now()` ahead, so in tests a test clock and a `now` derived from it move together and
/// no real time passes. A due date that has already passed rings at once.
///
/// The message carries `now()` read when the reminder rings, not the due date: a reminder asked for
/// on a stale time (the model's clock lagged behind, the item arrived overdue) rings at once, and
/// the real time it reports lets ``NotificationsUpdater`` see that the due date was not reached
/// while the app watched, and post nothing. The time reported is never before the due date: if the
/// wall clock has fallen behind `clock` since the start (an adjustment), the due date is reported,
/// so the reminder still counts as reached.
///
/// The model only knows the time it is told, so the runner also tells the feature when the
/// countdown starts: ``NotificationsSubscriptions/countdownWindow`` before the due date it sends
/// ``NotificationsAPI/NotificationsMessage/countdownStarted(_:at:)`` with the time it observed,
/// which brings the due date within the window and asks for the countdown tick (run by the app's
/// clock). It skips that message when it wakes up too late for it (past the due date), so a late
/// wake-up sends `reminderDue` alone.
///
/// Whether the reminder becomes a notification is the updater's decision (see
/// ``NotificationsUpdater``): the message reports that the time came.
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

  /// Waits until the subscription's due date and sends the reminder, announcing the countdown a
  /// minute before; returns early, sending nothing more, as soon as the task is cancelled.
  ///
  /// - Parameters:
  ///   - subscription: The reminder to run.
  ///   - dispatch: Sends the messages, caused by the subscription.
  public func run(_ subscription: ReminderSubscription, dispatch: Dispatch) async {
    let start = clock.now
    let due = start.advanced(to: subscription.dueDate, from: now())
    let countdown = due.advanced(by: .zero - Countdown.window)
    do {
      if start < countdown {
        try await clock.sleep(until: countdown, tolerance: nil)
        if clock.now < due, !Task.isCancelled {
          dispatch(NotificationsMessage.countdownStarted(subscription.todo, at: now()))
        }
      }
      try await clock.sleep(until: due, tolerance: nil)
    } catch {
      return
    }
    guard !Task.isCancelled else { return }
    let rang = max(now(), subscription.dueDate)
    dispatch(
      NotificationsMessage.reminderDue(
        subscription.todo, title: subscription.title, dueDate: subscription.dueDate, at: rang))
  }
}
