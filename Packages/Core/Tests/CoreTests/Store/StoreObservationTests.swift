import Core
import Observation
import Synchronization
import Testing

@Suite("Listeners and Observation")
@MainActor
struct StoreObservationTests {
  @Test("a listener is called with the model after every processed message")
  func listener() {
    let store = Store(model: Counter(), updater: CounterUpdater())
    store.register(FunctionInterpreter(for: CounterCommand.self) { _, _ in })
    var seen: [Int] = []
    store.addListener { seen.append($0.value) }
    store.send(CounterMessage.increment)
    store.send(CounterMessage.save)
    #expect(seen == [1, 1])
  }

  @Test("a projection listener is called only when the projection changes")
  func projection() {
    let store = Store(
      model: AppModel(),
      updater: CombinedUpdater<AppModel>(
        .slice(\.counter, CounterUpdater()), .slice(\.profile, ProfileUpdater())))
    var names: [String] = []
    store.addListener(observing: \.profile.name) { names.append($0) }
    store.send(CounterMessage.increment)
    store.send(ProfileMessage.rename("Ada"))
    store.send(CounterMessage.increment)
    store.send(ProfileMessage.rename("Ada"))
    store.send(ProfileMessage.rename("Grace"))
    #expect(names == ["Ada", "Grace"])
  }

  @Test("a removed listener is not called again")
  func removal() {
    let store = Store(model: Counter(), updater: CounterUpdater())
    var calls = 0
    let id = store.addListener { _ in calls += 1 }
    store.send(CounterMessage.increment)
    store.removeListener(id)
    store.send(CounterMessage.increment)
    #expect(calls == 1)
  }

  @Test("a listener added with listen(until:) removes itself once it says it is done")
  func selfRemoving() {
    let store = Store(model: Counter(), updater: CounterUpdater())
    var seen: [Int] = []
    store.listen(until: { model in
      seen.append(model.value)
      return model.value == 2
    })
    for _ in 1...4 { store.send(CounterMessage.increment) }
    #expect(seen == [1, 2])
  }

  @Test("the store is Observable: reading the model registers, a message notifies")
  func observation() {
    let store = Store(model: Counter(), updater: CounterUpdater())
    let changed = Flag()
    withObservationTracking {
      _ = store.model.value
    } onChange: {
      changed.set()
    }
    #expect(!changed.value)
    store.send(CounterMessage.increment)
    #expect(changed.value)
  }
}

/// A flag set from Observation's `onChange`, which is `@Sendable`.
private final class Flag: Sendable {
  private let storage = Mutex(false)
  var value: Bool { storage.withLock { $0 } }
  func set() { storage.withLock { $0 = true } }
}
