import Core
import CoreTesting
import Testing

/// A model whose slices are reached three ways: a stored property (an offset), a nested stored
/// path (an offset through two structs), and a computed property (a key path, which `SliceBox`
/// projects through the runtime).
private struct Outer: Equatable, Sendable {
  struct Inner: Equatable, Sendable {
    var counter = Counter()
    var label = ""
  }

  var inner = Inner()
  /// Stored as a pair; exposed as a `Counter` through a computed property.
  var storedPair: (value: Int, saved: Int?) = (0, nil)
  var untouched = "kept"

  var computedCounter: Counter {
    get { Counter(value: storedPair.value, saved: storedPair.saved) }
    set { storedPair = (newValue.value, newValue.saved) }
  }

  static func == (left: Outer, right: Outer) -> Bool {
    left.inner == right.inner && left.storedPair == right.storedPair && left.untouched == right.untouched
  }
}

@Suite("Slices")
struct SliceBoxTests {
  @Test("a slice through a nested stored path changes only that slice")
  func nestedStoredPath() {
    let updater = CombinedUpdater<Outer>(.slice(\.inner.counter, CounterUpdater()))
    assertUpdate(updater, given: Outer(), when: CounterMessage.increment) { $0.inner.counter.value = 1 }
  }

  @Test("a slice through a computed property reads it, updates it and writes it back")
  func computedPath() {
    let updater = CombinedUpdater<Outer>(.slice(\.computedCounter, CounterUpdater()))
    var model = Outer()
    model.storedPair = (41, nil)
    assertUpdate(updater, given: model, when: CounterMessage.increment) { $0.storedPair = (42, nil) }
    assertUpdate(
      updater, given: model, when: CounterMessage.save, then: model, commands: [CounterCommand.persist(41)])
  }

  @Test("slices of every kind in one store, each message reaching only its part")
  @MainActor
  func allKindsInOneStore() {
    let updater = CombinedUpdater<Outer>(
      .slice(\.inner.counter, CounterUpdater()),
      .slice(\.computedCounter, CounterUpdater()))
    let store = Store(model: Outer(), updater: updater)
    for _ in 0..<3 { store.send(CounterMessage.increment) }
    #expect(store.model.inner.counter.value == 3)
    #expect(store.model.storedPair.value == 3)
    #expect(store.model.untouched == "kept")
  }
}
