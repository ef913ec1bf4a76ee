import Core
import CoreTesting
import Testing

@Suite("FunctionUpdater")
struct FunctionUpdaterTests {
  @Test("the typed in-place form handles one message type")
  func typedInPlace() {
    let updater = FunctionUpdater<Counter>(handling: CounterMessage.self) { model, message in
      if message == .increment { model.value += 10 }
      return message == .save ? [CounterCommand.persist(model.value)] : []
    }
    assertUpdate(updater, given: Counter(), when: CounterMessage.increment) { $0.value = 10 }
    assertUpdate(
      updater, given: Counter(value: 2), when: CounterMessage.save, then: Counter(value: 2),
      commands: [
        CounterCommand.persist(2)
      ])
    assertIgnored(updater, given: Counter(), when: TodoMessage.add("x"))
  }

  @Test("the untyped form sees every message and says whether it handled it")
  func untyped() {
    let updater = FunctionUpdater<Counter> { model, message in
      guard message is TodoMessage else { return .ignored }
      model.value += 1
      return .handled([CounterCommand.persist(model.value)])
    }
    assertUpdate(
      updater, given: Counter(), when: TodoMessage.add("x"), then: Counter(value: 1),
      commands: [CounterCommand.persist(1)])
    assertIgnored(updater, given: Counter(), when: CounterMessage.increment)
    #expect(updater.messageTypes == nil)
  }

  @Test("the value-returning form replaces the model with the one it returns")
  func valueReturning() {
    let updater = FunctionUpdater<Counter>(copyingModelFor: CounterMessage.self) { model, message in
      var next = model
      next.value = message == .increment ? model.value + 5 : model.value
      return (next, [])
    }
    assertUpdate(updater, given: Counter(value: 1), when: CounterMessage.increment) { $0.value = 6 }
  }
}
