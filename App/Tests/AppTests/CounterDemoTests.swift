import Core
import CoreTesting
import Testing

@testable import todo

@Suite("Counter demo")
@MainActor
struct CounterDemoTests {
  @Test("parses the demo's input")
  func parsing() {
    #expect(CounterMessage(line: "+") == .increment)
    #expect(CounterMessage(line: " - ") == .decrement)
    #expect(CounterMessage(line: "save") == .save)
    #expect(CounterMessage(line: "jump") == .unknown("jump"))
  }

  @Test("save emits a command whose interpreter sends the result back")
  func saveRoundTrip() async {
    let store = TestStore(model: CounterModel(), updater: CounterUpdater())
    store.register(CounterInterpreter { value in value + 1 })
    store.send(CounterMessage.increment) {
      $0.value = 1
      $0.status = "count: 1"
    }
    store.send(CounterMessage.save) { $0.status = "saving 1…" }
    store.expectCommands([CounterCommand.save(1)])
    await store.receive(CounterMessage.saved(1, checksum: 2)) {
      $0.lastSaved = 1
      $0.status = "saved 1 (checksum 2)"
    }
    await store.finish()
  }
}
