public import Core
public import Foundation

/// Runs a ``TickSubscription``, the App's clock: sends ``SystemMessage/clockTicked(_:)`` with the
/// current time every interval until cancelled.
///
/// ```swift
/// let ticks = TickRunner(clock: ContinuousClock(), now: { Date() })
/// store.register(subscriptions: TickSubscription.self, run: ticks.run)
/// ```
///
/// Ticks fall on absolute deadlines, `start + k × interval`, so a late wake-up does not push the
/// following ticks back. A wake-up so late that it has passed several deadlines (a suspended
/// machine, a test clock that jumps several intervals at once) sends one tick, with the current
/// time, and the next one falls on the first deadline still ahead: a burst of ticks all carrying
/// the same time would tell the model nothing more.
public struct TickRunner<RunnerClock: Clock>: Sendable where RunnerClock.Duration == Duration {
  private let clock: RunnerClock
  private let now: @Sendable () -> Date

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - clock: The clock to wait on: `ContinuousClock()` in the app, a test clock in tests.
  ///   - now: The current wall-clock time, which each tick carries.
  public init(clock: RunnerClock, now: @escaping @Sendable () -> Date) {
    self.clock = clock
    self.now = now
  }

  /// Sends a tick at every deadline until the task is cancelled, then returns.
  ///
  /// An interval that is not positive sends nothing and returns at once.
  ///
  /// - Parameters:
  ///   - subscription: The tick to run.
  ///   - dispatch: Sends the messages, caused by the subscription.
  public func run(_ subscription: TickSubscription, dispatch: Dispatch) async {
    let interval = subscription.interval
    guard interval > .zero else { return }
    var deadline = clock.now.advanced(by: interval)
    while true {
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return
      }
      guard !Task.isCancelled else { return }
      dispatch(SystemMessage.clockTicked(now()))
      let current = clock.now
      repeat { deadline = deadline.advanced(by: interval) } while deadline <= current
    }
  }
}
