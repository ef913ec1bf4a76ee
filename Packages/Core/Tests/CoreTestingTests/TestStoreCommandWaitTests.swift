import Core
import CoreTesting
import Testing

/// Persists after a second on `clock`, then says so. It suspends a hundred times before its wait,
/// as an interpreter whose work before it takes a while does.
private func slowPersist(on clock: TestClock) -> FunctionInterpreter<CounterCommand> {
  FunctionInterpreter(for: CounterCommand.self) { command, dispatch in
    guard case .persist(let value) = command else { return }
    for _ in 0..<100 { await Task.yield() }
    try await clock.sleep(for: .seconds(1))
    dispatch(CounterMessage.saved(value))
  }
}

@Suite("A test store's commands and its clock")
@MainActor
struct TestStoreCommandWaitTests {
  @Test(
    "a command is at its first wait when the clock advances after send: no waitForSleepers",
    .timeLimit(.minutes(1)))
  func commandWaitsBeforeAdvance() async {
    let clock = TestClock()
    let store = TestStore(model: Counter(value: 3), updater: CounterUpdater(), timeout: .seconds(2))
    store.clock = clock
    store.register(slowPersist(on: clock))
    store.send(CounterMessage.save)
    store.expectCommands([CounterCommand.persist(3)])
    await clock.advance(by: .seconds(1))
    await store.receive(CounterMessage.saved(3)) { $0.saved = 3 }
    await store.finish()
  }

  @Test(
    "twenty commands in flight are all at their first wait when the clock advances", .timeLimit(.minutes(1)))
  func many() async {
    let clock = TestClock()
    let store = TestStore(model: Counter(), updater: CounterUpdater(), timeout: .seconds(2))
    store.clock = clock
    store.register(slowPersist(on: clock))
    for value in 1...20 {
      store.send(CounterMessage.increment) { $0.value = value }
      store.send(CounterMessage.save)
      store.expectCommands([CounterCommand.persist(value)])
    }
    await clock.advance(by: .milliseconds(999))
    #expect(clock.sleeperCount == 20)
    await clock.advance(by: .milliseconds(1))
    #expect(clock.sleeperCount == 0)
    // The twenty answers arrive in any order.
    await store.skipReceivedMessages()
    #expect(store.model.saved != nil)
    await store.finish()
  }
}
