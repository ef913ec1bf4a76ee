import Core
import CoreTesting
import Testing

private struct Timer: Identifiable, Equatable, Sendable {
  let id: Int
  var seconds = 0
  var isRunning = false
}

private enum TimerMessage: Message, Equatable {
  case start, stop, ticked, save
}

private struct TimerTick: Subscription {}

private struct SaveTimer: Command, Equatable {
  let seconds: Int
}

private struct TimerUpdater: TypedUpdater {
  func update(_ model: inout Timer, message: TimerMessage) -> [any Command] {
    switch message {
    case .start: model.isRunning = true
    case .stop: model.isRunning = false
    case .ticked: model.seconds += 1
    case .save: return [SaveTimer(seconds: model.seconds)]
    }
    return []
  }
}

private struct Timers: Equatable, Sendable {
  var timers: IdentifiedArray<Timer> = [Timer(id: 1), Timer(id: 2)]
}

private let timersUpdater = CombinedUpdater<Timers>(.forEach(\.timers, TimerUpdater()))
private let timersSubscriptions = CombinedSubscriptionProvider<Timers>(
  .forEach(\.timers, FunctionSubscriptionProvider<Timer> { timer, _ in timer.isRunning ? [TimerTick()] : [] })
)

@Suite("TestStore with child features")
@MainActor
struct ChildFeatureTestingTests {
  @Test("element messages, wrapped commands, per-element subscriptions and answers, asserted as written")
  func elementsInATestStore() async {
    let store = TestStore(model: Timers(), updater: timersUpdater, subscriptions: timersSubscriptions)
    store.register(FunctionInterpreter(for: SaveTimer.self) { _, dispatch in dispatch(TimerMessage.stop) })
    store.register(subscriptions: TimerTick.self, run: { _, _ in })
    store.start()
    store.send(ElementMessage(2, TimerMessage.start)) { $0.timers[id: 2]?.isRunning = true }
    store.expectSubscriptions(started: [ChildSubscription(id: 2, TimerTick())])
    store.send(ElementMessage(2, TimerMessage.save))
    store.expectCommands([ChildCommand(id: 2, SaveTimer(seconds: 0))])
    await store.receive(ElementMessage(2, TimerMessage.stop)) { $0.timers[id: 2]?.isRunning = false }
    store.expectSubscriptions(stopped: [ChildSubscription(id: 2, TimerTick())])
    await store.finish()
  }

  @Test("a message for an absent element fails the test, naming the id")
  func absentElementFails() async {
    let store = TestStore(model: Timers(), updater: timersUpdater)
    withKnownIssue {
      store.send(ElementMessage(7, TimerMessage.start))
    } matching: { issue in
      issue.description.contains("No updater handled ElementMessage(7, TimerMessage.start)")
        && issue.description.contains("no element with id 7 is present")
    }
    await store.finish()
  }

  @Test("assertSubscriptions compares a forEach provider's subscriptions as a test writes them")
  func assertSubscriptionsOfElements() {
    var model = Timers()
    model.timers[id: 2]?.isRunning = true
    assertSubscriptions(timersSubscriptions, given: model, then: [ChildSubscription(id: 2, TimerTick())])
    withKnownIssue {
      assertSubscriptions(timersSubscriptions, given: model, then: [ChildSubscription(id: 1, TimerTick())])
    } matching: { issue in
      issue.description.contains("Missing") && issue.description.contains("Unexpected")
    }
  }
}
