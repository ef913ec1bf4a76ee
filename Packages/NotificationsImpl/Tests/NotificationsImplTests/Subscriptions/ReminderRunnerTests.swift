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
  private let reminder = ReminderSubscription(
    todo: TodoID(rawValue: "a"), title: "Water the plants", dueDate: .t0(plus: 300))

  private var due: NotificationsMessage {
    .reminderDue(reminder.todo, title: "Water the plants", dueDate: .t0(plus: 300), at: .t0(plus: 300))
  }

  private func start(_ reminder: ReminderSubscription, cause: Cause = .external) -> Task<Void, Never> {
    let runner = ReminderRunner(clock: time.clock, now: time.now)
    let dispatch = recorder.dispatch(cause: cause)
    return Task { await runner.run(reminder, dispatch: dispatch) }
  }

  @Test("a minute before the due date it sends the time it sees, which starts the countdown")
  func announcesCountdown() async {
    let task = start(reminder)
    await time.clock.waitForSleepers(count: 1)
    await time.clock.advance(by: .seconds(240))
    await recorder.waitForMessages(count: 1)
    #expect(
      recorder.messages(of: NotificationsMessage.self) == [
        .countdownStarted(reminder.todo, at: .t0(plus: 240))
      ])
    task.cancel()
    await task.value
  }

  @Test("at the due date it sends reminderDue; every message is caused by the subscription")
  func ringsAtDueDate() async {
    let cause = Cause.subscription(SubscriptionID(rawValue: 9))
    let task = start(reminder, cause: cause)
    await time.clock.waitForSleepers(count: 1)
    await time.clock.advance(by: .seconds(240))
    await recorder.waitForMessages(count: 1)
    await time.clock.waitForSleepers(count: 1)
    await time.clock.advance(by: .seconds(60))
    await task.value
    #expect(
      recorder.messages(of: NotificationsMessage.self) == [
        .countdownStarted(reminder.todo, at: .t0(plus: 240)), due,
      ])
    #expect(recorder.causes == [cause, cause])
  }

  @Test("it does not ring before the due date")
  func notBefore() async {
    let task = start(reminder)
    await time.clock.waitForSleepers(count: 1)
    await time.clock.advance(by: .seconds(240))
    await recorder.waitForMessages(count: 1)
    await time.clock.waitForSleepers(count: 1)
    await time.clock.advance(by: .seconds(59))
    // An advance wakes due sleepers before it returns: a runner still asleep has not rung.
    #expect(time.clock.sleeperCount == 1)
    #expect(recorder.messages.count == 1)
    task.cancel()
    await task.value
  }

  @Test("waking up past the due date, it sends reminderDue alone, with the time it woke")
  func lateWakeUp() async {
    let task = start(reminder)
    await time.clock.waitForSleepers(count: 1)
    await time.clock.jump(by: .seconds(310))
    await task.value
    #expect(
      recorder.messages(of: NotificationsMessage.self) == [
        .reminderDue(reminder.todo, title: reminder.title, dueDate: .t0(plus: 300), at: .t0(plus: 310))
      ])
  }

  @Test("a reminder due within the countdown window sleeps straight to its due date")
  func insideTheWindow() async {
    let soon = ReminderSubscription(todo: reminder.todo, title: reminder.title, dueDate: .t0(plus: 30))
    let task = start(soon)
    await time.clock.waitForSleepers(count: 1)
    await time.clock.advance(by: .seconds(30))
    await task.value
    #expect(
      recorder.messages(of: NotificationsMessage.self) == [
        .reminderDue(soon.todo, title: soon.title, dueDate: .t0(plus: 30), at: .t0(plus: 30))
      ])
  }

  @Test("a due date already passed rings at once, with the time it rang")
  func alreadyDue() async {
    await time.clock.advance(by: .seconds(6 * 3600))
    await start(reminder).value
    #expect(
      recorder.messages(of: NotificationsMessage.self) == [
        .reminderDue(reminder.todo, title: reminder.title, dueDate: .t0(plus: 300), at: .t0(plus: .sixHours))
      ])
  }

  @Test("a wall clock that fell behind while waiting still reports the due date as reached")
  func wallClockBehind() async {
    // The wall clock stands still at t0 while the waiting clock moves on.
    let runner = ReminderRunner(clock: time.clock, now: { .t0 })
    let dispatch = recorder.dispatch()
    let task = Task { await runner.run(reminder, dispatch: dispatch) }
    await time.clock.waitForSleepers(count: 1)
    await time.clock.jump(by: .seconds(300))
    await task.value
    #expect(recorder.messages(of: NotificationsMessage.self) == [due])
  }

  @Test("cancelling the task ends the wait at once and sends nothing")
  func cancellation() async {
    let task = start(reminder)
    await time.clock.waitForSleepers(count: 1)
    task.cancel()
    await task.value
    #expect(time.clock.sleeperCount == 0)
    #expect(recorder.messages.isEmpty)
  }
}
