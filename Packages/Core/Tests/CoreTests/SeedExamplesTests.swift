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
}
