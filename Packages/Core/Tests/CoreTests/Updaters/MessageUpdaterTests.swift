import Core
import CoreTesting
import Testing

/// The seed's "a message that updates the model itself", for apps without modules.
private enum SelfCountingMessage: SelfUpdatingMessage {
  case increase
  case decrease

  func update(_ model: inout Counter) -> [any Command] {
    switch self {
    case .increase: model.value += 1
    case .decrease: model.value -= 1
    }
    return []
  }
}

/// Conforms for another model type, so a `MessageUpdater<Counter>` must ignore it.
private struct ForeignMessage: SelfUpdatingMessage {
  func update(_ model: inout Todos) -> [any Command] {
    model.titles.append("foreign")
    return []
  }
}

@Suite("MessageUpdater")
struct MessageUpdaterTests {
  @Test("lets self-updating messages of its model type update the model")
  func selfUpdating() {
    assertUpdate(MessageUpdater<Counter>(), given: Counter(value: 1), when: SelfCountingMessage.decrease) {
      $0.value = 0
    }
  }

  @Test("ignores plain messages and self-updating messages of another model type")
  func ignoresOthers() {
    assertIgnored(MessageUpdater<Counter>(), given: Counter(), when: CounterMessage.increment)
    assertIgnored(MessageUpdater<Counter>(), given: Counter(), when: ForeignMessage())
  }

  @Test("drives a store with no other updater")
  @MainActor func drivesAStore() {
    let store = Store(model: Counter(), updater: MessageUpdater<Counter>())
    store.send(SelfCountingMessage.increase)
    store.send(SelfCountingMessage.increase)
    #expect(store.model.value == 2)
  }
}
