import Core
import CoreTesting
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
}
