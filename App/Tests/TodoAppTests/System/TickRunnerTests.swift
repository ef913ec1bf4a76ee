import Core
import CoreTesting
import Foundation
import Testing

@testable import TodoApp

@Suite("TickRunner")
struct TickRunnerTests {
  /// A wall clock that moves with a `TestClock`: `now()` is ``AppFixture/now`` plus the clock's offset.
  private struct TestTime {
    let clock = TestClock()

    var now: @Sendable () -> Date {
      { [clock] in
        let (seconds, attoseconds) = clock.now.offset.components
        return AppFixture.now.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
      }
    }
  }

  private let time = TestTime()
  private let recorder = MessageRecorder()

  /// The App's clock message telling ``AppFixture/now`` plus `seconds`.
  private func tick(_ seconds: TimeInterval) -> SystemMessage {
    .clockTicked(AppFixture.now.addingTimeInterval(seconds))
  }

  private func start(_ interval: Duration, cause: Cause = .external) -> Task<Void, Never> {
    let runner = TickRunner(clock: time.clock, now: time.now)
    let dispatch = recorder.dispatch(cause: cause)
    return Task { await runner.run(TickSubscription(interval: interval), dispatch: dispatch) }
  }

  @Test("sends the current time at each deadline, caused by the subscription")
  func ticks() async {
    let cause = Cause.subscription(SubscriptionID(rawValue: 4))
    let task = start(.seconds(1), cause: cause)
    for _ in 1...3 {
      await time.clock.waitForSleepers(count: 1)
      await time.clock.advance(by: .seconds(1))
    }
    await recorder.waitForMessages(count: 3)
    task.cancel()
    await task.value
    #expect(
      recorder.messages(of: SystemMessage.self) == [tick(1), tick(2), tick(3)])
    #expect(recorder.causes == [cause, cause, cause])
  }

  @Test("a wake-up past several deadlines sends one tick, and the next stays on the grid")
  func lateWakeUp() async {
    let task = start(.seconds(1))
    await time.clock.waitForSleepers(count: 1)
    await time.clock.jump(by: .milliseconds(2500))
    await recorder.waitForMessages(count: 1)
    await time.clock.waitForSleepers(count: 1)
    await time.clock.advance(by: .milliseconds(500))
    await recorder.waitForMessages(count: 2)
    task.cancel()
    await task.value
    #expect(
      recorder.messages(of: SystemMessage.self) == [tick(2.5), tick(3)])
  }

  @Test("cancelling the task stops the ticks at once")
  func cancellation() async {
    let task = start(.seconds(1))
    await time.clock.waitForSleepers(count: 1)
    task.cancel()
    await task.value
    #expect(time.clock.sleeperCount == 0)
    #expect(recorder.messages.isEmpty)
  }

  @Test("an interval that is not positive sends nothing")
  func zeroInterval() async {
    await start(.zero).value
    #expect(recorder.messages.isEmpty)
  }
}
