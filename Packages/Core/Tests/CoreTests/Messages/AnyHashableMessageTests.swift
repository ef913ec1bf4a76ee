import Core
import CoreTesting
import Testing

private enum AppMessage: Message, Hashable {
  case increaseCounter
  case decreaseCounter
}

private enum OtherMessage: Message, Hashable {
  case increaseCounter
}

/// The seed's `TickSubscription(Int, Message)`, with `==` and `hash(into:)` synthesized.
private enum TickSubscription: Subscription {
  case eachNumberOfSeconds(Int, AnyHashableMessage)
}

private struct Tally: Equatable, Sendable {
  var isOn = true
  var value = 0
}

private struct TallyUpdater: TypedUpdater {
  func update(_ model: inout Tally, message: AppMessage) -> [any Command] {
    model.value += message == .increaseCounter ? 1 : -1
    return []
  }
}

@Suite("AnyHashableMessage")
struct AnyHashableMessageTests {
  @Test("equal messages of one type are equal and hash alike; other values or types differ")
  func equality() {
    let tick = TickSubscription.eachNumberOfSeconds(1, AnyHashableMessage(AppMessage.increaseCounter))
    #expect(tick == .eachNumberOfSeconds(1, AnyHashableMessage(AppMessage.increaseCounter)))
    #expect(
      tick.hashValue
        == TickSubscription.eachNumberOfSeconds(1, AnyHashableMessage(AppMessage.increaseCounter)).hashValue)
    #expect(tick != .eachNumberOfSeconds(1, AnyHashableMessage(AppMessage.decreaseCounter)))
    #expect(tick != .eachNumberOfSeconds(1, AnyHashableMessage(OtherMessage.increaseCounter)))
    #expect(tick != .eachNumberOfSeconds(2, AnyHashableMessage(AppMessage.increaseCounter)))
    #expect(Set([tick, tick]).count == 1)
  }

  @Test("a subscription sends the message it carries")
  @MainActor
  func sendsItsMessage() async {
    let clock = TestClock()
    let provider = FunctionSubscriptionProvider<Tally> { model, _ in
      model.isOn
        ? [TickSubscription.eachNumberOfSeconds(1, AnyHashableMessage(AppMessage.increaseCounter))] : []
    }
    let store = TestStore(model: Tally(), updater: TallyUpdater(), subscriptions: provider)
    store.register(subscriptions: TickSubscription.self) { subscription, dispatch in
      guard case .eachNumberOfSeconds(let seconds, let message) = subscription else { return }
      while true {
        try await clock.sleep(for: .seconds(seconds))
        dispatch(message.base)
      }
    }
    store.start()
    store.expectSubscriptions(started: [
      TickSubscription.eachNumberOfSeconds(1, AnyHashableMessage(AppMessage.increaseCounter))
    ])
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(2))
    await store.receive(AppMessage.increaseCounter) { $0.value = 1 }
    await store.receive(AppMessage.increaseCounter) { $0.value = 2 }
    await store.finish()
  }
}
