import Core
import Observation
import Synchronization
import Testing

@Suite("Observing one slice")
@MainActor
struct StoreSliceObservationTests {
  private func makeStore() -> Store<AppModel> {
    Store(
      model: AppModel(),
      updater: CombinedUpdater<AppModel>(
        .slice(\.counter, CounterUpdater()), .slice(\.profile, ProfileUpdater()),
        .slice(\.todos, TodoUpdater())))
  }

  @Test("messages that change slice A notify an observer of B never, an observer of A once a change")
  func sliceIsolation() {
    let store = makeStore()
    let observerOfA = Tally()
    let observerOfB = Tally()
    observe(observerOfB) { _ = store[\.profile] }
    for sent in 1...20 {
      observe(observerOfA) { _ = store[\.counter] }
      store.send(CounterMessage.increment)
      #expect(observerOfA.count == sent)
    }
    #expect(observerOfB.count == 0)
    #expect(store[\.counter].value == 20)
  }

  @Test("an observer of a field is not notified when its slice changes elsewhere or stays equal")
  func fieldGranularity() {
    let store = makeStore()
    let name = Tally()
    observe(name) { _ = store[\.profile.name] }
    store.send(CounterMessage.increment)
    store.send(ProfileMessage.rename(""))
    #expect(name.count == 0)
    store.send(ProfileMessage.rename("Ada"))
    #expect(name.count == 1)
    #expect(store[\.profile.name] == "Ada")
  }

  @Test("dynamic member lookup reads and observes a slice: store.profile")
  func dynamicMember() {
    let store = makeStore()
    let profile = Tally()
    observe(profile) { _ = store.profile.name }
    store.send(CounterMessage.increment)
    #expect(profile.count == 0)
    store.send(ProfileMessage.rename("Grace"))
    #expect(profile.count == 1)
    #expect(store.profile == Profile(name: "Grace"))
  }

  @Test("a computed key path is observed by value: the count of a list")
  func computedKeyPath() {
    let store = makeStore()
    let count = Tally()
    observe(count) { _ = store[\.todos.titles.count] }
    store.send(ProfileMessage.rename("Ada"))
    #expect(count.count == 0)
    store.send(TodoMessage.add("milk"))
    #expect(count.count == 1)
    #expect(store[\.todos.titles] == ["milk"])
  }

  @Test("an observer of several slices is notified once when one of them changes")
  func severalSlices() {
    let store = makeStore()
    let both = Tally()
    observe(both) {
      _ = store[\.counter]
      _ = store[\.profile]
    }
    store.send(ProfileMessage.rename("Ada"))
    store.send(CounterMessage.increment)
    #expect(both.count == 1)
  }

  @Test("a slice read after it changed is compared with the new value")
  func rearmed() {
    let store = makeStore()
    let name = Tally()
    observe(name) { _ = store[\.profile.name] }
    store.send(ProfileMessage.rename("Ada"))
    observe(name) { _ = store[\.profile.name] }
    store.send(ProfileMessage.rename("Ada"))
    #expect(name.count == 1)
    store.send(ProfileMessage.rename("Grace"))
    #expect(name.count == 2)
  }

  @Test("an observer of the model that reads it again in onChange sees it")
  func modelReadAgainInOnChange() {
    let store = makeStore()
    let reads = Tally()
    withObservationTracking {
      _ = store.model
    } onChange: {
      MainActor.assumeIsolated { _ = store.model.counter }
      reads.increment()
    }
    store.send(CounterMessage.increment)
    #expect(reads.count == 1)
    #expect(store.model.counter.value == 1)
  }

  @Test("an observer of a slice that reads it again in onChange sees the new value")
  func sliceReadAgainInOnChange() {
    let store = makeStore()
    let seen = Mutex<[Int]>([])
    withObservationTracking {
      _ = store.counter
    } onChange: {
      MainActor.assumeIsolated { seen.withLock { $0.append(store.counter.value) } }
    }
    store.send(CounterMessage.increment)
    #expect(seen.withLock { $0 } == [1])
  }

  @Test("reading the whole model still observes every message")
  func wholeModel() {
    let store = makeStore()
    let model = Tally()
    let name = Tally()
    observe(name) { _ = store[\.profile.name] }
    observe(model) { _ = store.model.profile.name }
    store.send(CounterMessage.increment)
    #expect(model.count == 1)
    #expect(name.count == 0)
  }

  @Test("a slice of one byte and one of eight notify once a change, not when set to the value they hold")
  func oneAndEightByteSlices() {
    let store = Store(
      model: Switches(),
      updater: FunctionUpdater(handling: SwitchMessage.self) { model, message in
        switch message {
        case .turn(let on): model.on = on
        case .set(let number): model.number = number
        }
        return []
      })
    let on = Tally()
    let number = Tally()
    observe(on) { _ = store[\.on] }
    observe(number) { _ = store[\.number] }
    store.send(SwitchMessage.turn(false))
    store.send(SwitchMessage.set(0))
    #expect(on.count == 0)
    #expect(number.count == 0)
    store.send(SwitchMessage.turn(true))
    #expect(on.count == 1)
    #expect(number.count == 0)
    // Only the high bytes differ from 0's: the whole word is compared.
    store.send(SwitchMessage.set(1 << 40))
    #expect(number.count == 1)
    observe(on) { _ = store[\.on] }
    observe(number) { _ = store[\.number] }
    store.send(SwitchMessage.set(1 << 62))
    #expect(number.count == 2)
    #expect(on.count == 1)
  }

  private func observe(_ tally: Tally, _ read: () -> Void) {
    withObservationTracking(read) { tally.increment() }
  }
}

/// Counts Observation's `onChange` calls, which are `@Sendable`.
private final class Tally: Sendable {
  private let storage = Mutex(0)
  var count: Int { storage.withLock { $0 } }
  func increment() { storage.withLock { $0 += 1 } }
}

/// A model of a one-byte slice and an eight-byte one.
private struct Switches: Equatable, Sendable {
  var on = false
  var number = 0
}

private enum SwitchMessage: Message {
  case turn(Bool)
  case set(Int)
}
