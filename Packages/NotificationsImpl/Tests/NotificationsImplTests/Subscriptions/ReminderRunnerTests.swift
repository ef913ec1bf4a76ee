import Core
import CoreTesting
import Foundation
import NotificationsAPI
import NotificationsImpl
import Testing
import TodoAPI

@Suite("ReminderRunner")
struct ReminderRunnerTests {
  private let time: TestTime

  init() throws { time = try TestTime() }
  private let recorder = MessageRecorder()
  private let alarm = ReminderSubscription(dueDate: .t0(plus: 300))

  private func start(_ alarm: ReminderSubscription, cause: Cause = .external) -> Task<Void, Never> {
    let runner = ReminderRunner(clock: time.clock, now: time.now)
    let dispatch = recorder.dispatch(cause: cause)
    return Task { await runner.run(alarm, dispatch: dispatch) }
  }

  @Test("at the due date it rings once, with the time; the message is caused by the subscription")
  func ringsAtDueDate() async {
    let cause = Cause.subscription(SubscriptionID(rawValue: 9))
    let task = start(alarm, cause: cause)
    await time.clock.waitForSleepers(count: 1)
    await time.clock.advance(by: .seconds(300))
    await task.value
    #expect(recorder.messages(of: ReminderMessage.self) == [.rang(at: .t0(plus: 300))])
    #expect(recorder.causes == [cause])
  }

  @Test("it does not ring before the due date")
  func notBefore() async {
    let task = start(alarm)
    await time.clock.waitForSleepers(count: 1)
    await time.clock.advance(by: .seconds(299))
    // An advance wakes due sleepers before it returns: a runner still asleep has not rung.
    #expect(time.clock.sleeperCount == 1)
    #expect(recorder.messages.isEmpty)
    task.cancel()
    await task.value
  }

  @Test("waking up past the due date, it rings with the time it woke")
  func lateWakeUp() async {
    let task = start(alarm)
    await time.clock.waitForSleepers(count: 1)
    await time.clock.jump(by: .seconds(310))
    await task.value
    #expect(recorder.messages(of: ReminderMessage.self) == [.rang(at: .t0(plus: 310))])
  }

  @Test("a due date already passed rings at once, with the time it rang")
  func alreadyDue() async {
    await time.clock.advance(by: .seconds(6 * 3600))
    await start(alarm).value
    #expect(recorder.messages(of: ReminderMessage.self) == [.rang(at: .t0(plus: .sixHours))])
  }

  @Test("a wall clock that fell behind while waiting still reports the due date as reached")
  func wallClockBehind() async {
    // The wall clock stands still at t0 while the waiting clock moves on.
    let runner = ReminderRunner(clock: time.clock, now: { .t0 })
    let dispatch = recorder.dispatch()
    let task = Task { await runner.run(alarm, dispatch: dispatch) }
    await time.clock.waitForSleepers(count: 1)
    await time.clock.jump(by: .seconds(300))
    await task.value
    #expect(recorder.messages(of: ReminderMessage.self) == [.rang(at: .t0(plus: 300))])
  }

  @Test("cancelling the task ends the wait at once and sends nothing")
  func cancellation() async {
    let task = start(alarm)
    await time.clock.waitForSleepers(count: 1)
    task.cancel()
    await task.value
    #expect(time.clock.sleeperCount == 0)
    #expect(recorder.messages.isEmpty)
  }
}
