import Core
import CoreTesting
import Synchronization
import Testing

@Suite("TypedUpdater")
struct TypedUpdaterTests {
  @Test("handles its message type, changing the model in place")
  func handlesItsType() {
    assertUpdate(CounterUpdater(), given: Counter(value: 1), when: CounterMessage.increment) { $0.value = 2 }
  }

  @Test("returns the commands of its update")
  func returnsCommands() {
    assertUpdate(
      CounterUpdater(), given: Counter(value: 3), when: CounterMessage.save,
      then: Counter(value: 3), commands: [CounterCommand.persist(3)])
  }

  @Test("ignores other message types and reports them as not handled")
  func ignoresOtherTypes() {
    let result = CounterUpdater().result(of: TodoMessage.add("x"), on: Counter(value: 1))
    #expect(!result.handled)
    #expect(result.model == Counter(value: 1))
    #expect(result.commands.isEmpty)
  }

  @Test("declares exactly its message type for routing")
  func declaresItsType() throws {
    let types = try #require(CounterUpdater().messageTypes)
    #expect(types.count == 1)
    #expect(ObjectIdentifier(types[0]) == ObjectIdentifier(CounterMessage.self))
  }

  @Test("an updater written in the appending form returns its commands through the returning form")
  func appendingFormReturns() {
    var model = Counter(value: 4)
    #expect(AppendingCounterUpdater().update(&model, message: .save) as? [CounterCommand] == [.persist(4)])
    #expect(AppendingCounterUpdater().update(&model, message: .increment).isEmpty)
    #expect(model.value == 5)
  }

  @Test("an updater written in the returning form appends its commands after those already emitted")
  func returningFormAppends() {
    var model = Counter(value: 2)
    var commands: [any Command] = [CounterCommand.persist(0)]
    CounterUpdater().update(&model, message: .save, into: &commands)
    #expect(commands as? [CounterCommand] == [.persist(0), .persist(2)])
  }

  @Test("a store runs an updater written in the appending form, its commands included")
  @MainActor
  func storeRunsAppendingForm() async {
    let store = Store(model: Counter(), updater: AppendingCounterUpdater())
    let persisted = Mutex<[Int]>([])
    store.register(
      FunctionInterpreter(for: CounterCommand.self) { command, dispatch in
        guard case .persist(let value) = command else { return }
        persisted.withLock { $0.append(value) }
        dispatch(CounterMessage.saved(value))
      })
    store.send(CounterMessage.increment)
    await store.send(CounterMessage.save).finish()
    #expect(store.model == Counter(value: 1, saved: 1))
    #expect(persisted.withLock { $0 } == [1])
  }
}

/// ``CounterUpdater`` in the appending form.
private struct AppendingCounterUpdater: TypedUpdater {
  func update(_ model: inout Counter, message: CounterMessage, into commands: inout [any Command]) {
    switch message {
    case .increment: model.value += 1
    case .decrement: model.value -= 1
    case .save: commands.append(CounterCommand.persist(model.value))
    case .saved(let value): model.saved = value
    }
  }
}
