import Core
import CoreTesting
import Testing

// The seed proposal's "Architecture Testability" examples, in this framework: each in a few lines.

private struct AModel: Equatable, Sendable {
  var value = 0
}

private enum AMessage: Message {
  case simpleMessage
}

private enum ACommand: Command, Equatable {
  case simpleOperation
}

private struct AnUpdater: TypedUpdater {
  func update(_ model: inout AModel, message: AMessage) -> [any Command] {
    model.value = 42
    return [ACommand.simpleOperation]
  }
}

private enum TestMessage: Message, Equatable {
  case testMessage
}

private struct TickSubscription: Subscription {
  let seconds: Int
}

/// The seed's tick interpreter: one `TestMessage` per elapsed interval, on an injected clock.
private struct TickInterpreter {
  let clock: TestClock

  func run(_ subscription: TickSubscription, dispatch: Dispatch) async throws {
    var next = clock.now
    while true {
      next = next.advanced(by: .seconds(subscription.seconds))
      try await clock.sleep(until: next)
      dispatch(TestMessage.testMessage)
    }
  }
}

private struct Ticking: Equatable, Sendable {
  var isOn = false
  var ticks = 0
}

private enum TickingMessage: Message, Equatable {
  case start
  case stop
  case tick
}

private struct TickingUpdater: TypedUpdater {
  func update(_ model: inout Ticking, message: TickingMessage) -> [any Command] {
    switch message {
    case .start: model.isOn = true
    case .stop: model.isOn = false
    case .tick: model.ticks += 1
    }
    return []
  }
}

@Suite("The seed's test examples")
struct SeedExamplesTests {
  @Test("updater: the new model and the commands it returns")
  func updater() {
    assertUpdate(
      AnUpdater(), given: AModel(), when: AMessage.simpleMessage, then: AModel(value: 42),
      commands: [ACommand.simpleOperation])
  }

  @Test("subscription provider: the subscriptions for a model")
  func provider() {
    let provider = FunctionSubscriptionProvider<AModel> { model, _ in
      model.value > 0 ? [TickSubscription(seconds: 1)] : []
    }
    assertSubscriptions(provider, given: AModel(value: 1), then: [TickSubscription(seconds: 1)])
    assertSubscriptions(provider, given: AModel(value: 0), then: [])
  }

  @Test("subscription interpreter: tick every second, ten ticks, instantly")
  func tenTicks() async throws {
    let clock = TestClock()
    let recorder = MessageRecorder()
    let task = Task {
      try await TickInterpreter(clock: clock).run(TickSubscription(seconds: 1), dispatch: recorder.dispatch())
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(10))
    await recorder.waitForMessages(count: 10)
    // The ticker is asleep until second 11: nothing more is on its way.
    await clock.waitForSleepers(count: 1)
    task.cancel()
    #expect(recorder.messages(of: TestMessage.self) == Array(repeating: .testMessage, count: 10))
  }

  @Test("start, wait 10 seconds, stop: 10 messages, from a loop of relative sleeps in a store")
  @MainActor
  func startWaitStop() async {
    let clock = TestClock()
    let provider = FunctionSubscriptionProvider<Ticking> { model, _ in
      model.isOn ? [TickSubscription(seconds: 1)] : []
    }
    let store = TestStore(model: Ticking(), updater: TickingUpdater(), subscriptions: provider)
    store.register(subscriptions: TickSubscription.self) { subscription, dispatch in
      while true {
        try await clock.sleep(for: .seconds(subscription.seconds))
        dispatch(TickingMessage.tick)
      }
    }
    store.send(TickingMessage.start) { $0.isOn = true }
    store.expectSubscriptions(started: [TickSubscription(seconds: 1)])
    await clock.advance(by: .seconds(10))  // wait 10 seconds
    // The ticks arrived before the stop: they are received first, the order production applies.
    for tick in 1...10 {
      await store.receive(TickingMessage.tick) { $0.ticks = tick }
    }
    store.send(TickingMessage.stop) { $0.isOn = false }
    store.expectSubscriptions(stopped: [TickSubscription(seconds: 1)])
    await store.finish()
  }
}
