import Core
import CoreTesting
import Testing

@testable import Counter

@Test("decrementing a counter at zero leaves it at zero")
func decrementStopsAtZero() {
  assertUpdate(
    CounterUpdater(), given: Counter(value: 0), when: CounterMessage.decrement, then: Counter(value: 0))
}

@Test("a store runs the counter: two increments and a decrement leave one")
@MainActor
func storeCounts() async {
  let store = TestStore(model: Counter(), updater: CounterUpdater())
  store.send(CounterMessage.increment) { $0.value = 1 }
  store.send(CounterMessage.increment) { $0.value = 2 }
  store.send(CounterMessage.decrement) { $0.value = 1 }
  await store.finish()
}
