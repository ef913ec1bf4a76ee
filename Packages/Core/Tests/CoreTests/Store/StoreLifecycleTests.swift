import Core
import Testing

private struct Waiting: Command {}

@Suite("Store lifecycle")
@MainActor
struct StoreLifecycleTests {
  @Test("settle waits for commands and for the messages and commands that follow from them")
  func settleWaitsForChains() async {
    let store = Store(model: Counter(), updater: CounterUpdater())
    store.register(
      FunctionInterpreter(for: CounterCommand.self) { command, dispatch in
        guard case .persist(let value) = command else { return }
        await Task.yield()
        dispatch(CounterMessage.saved(value))
      })
    store.send(CounterMessage.increment)
    store.send(CounterMessage.save)
    // Not asserted here that nothing is saved yet: the task may post before `send` returns, which
    // drains what other tasks queued.
    await store.settle()
    #expect(store.model.saved == 1)
  }

  @Test("settle returns at once when nothing is in flight")
  func settleIdle() async {
    let store = Store(model: Counter(), updater: CounterUpdater())
    await store.settle()
    store.send(CounterMessage.increment)
    await store.settle()
    #expect(store.model.value == 1)
  }

  @Test("shutdown cancels running commands without reporting them as failures")
  func shutdownCancels() async {
    let updater = FunctionUpdater<Counter>(handling: CounterMessage.self) { _, _ in [Waiting()] }
    let store = Store(model: Counter(), updater: updater)
    let monitor = RecordingMonitor<Counter>()
    store.addMonitor(monitor)
    let started = Gate()
    store.register(
      FunctionInterpreter(for: Waiting.self) { _, _ in
        await started.open()
        try await Task.sleep(for: .seconds(3600))
      })
    store.send(CounterMessage.increment)
    await started.wait()
    store.shutDown()
    await store.settle()
    let finished = await monitor.waitForEvent { $0.hasPrefix("command") && !$0.hasPrefix("command started") }
    #expect(finished)
    #expect(monitor.kinds.contains("command finished c1"))
    #expect(!monitor.kinds.contains { $0.hasPrefix("command failed") })
  }

  @Test("a listener that shuts the store down keeps the message's commands and subscriptions from starting")
  func shutdownFromListener() {
    let updater = FunctionUpdater<Wanted>(handling: Want.self) { model, message in
      model.probes = message.probes
      return [Waiting()]
    }
    let store = Store(model: Wanted(), updater: updater, subscriptions: wantedProbes)
    let lifetimes = Lifetimes()
    store.register(subscriptions: Probe.self) { probe, _ in lifetimes.make(probe) }
    store.register(FunctionInterpreter(for: Waiting.self) { _, _ in })
    let monitor = RecordingMonitor<Wanted>()
    store.addMonitor(monitor)
    store.addListener { [unowned store] _ in store.shutDown() }
    store.send(Want(probes: [Probe(key: 1, parameter: 0)]))
    #expect(store.isStopped)
    #expect(store.model.probes == [Probe(key: 1, parameter: 0)])
    #expect(lifetimes.events.isEmpty)
    #expect(store.activeSubscriptions.isEmpty)
    #expect(monitor.emittedCommands.count == 1)
    #expect(!monitor.kinds.contains { $0.hasPrefix("command started") || $0.hasPrefix("subscription") })
  }

  @Test("messages a listener sends before shutting the store down are dropped and reported")
  func reentrantAfterShutdown() {
    let store = Store(model: Counter(), updater: CounterUpdater())
    let monitor = RecordingMonitor<Counter>()
    store.addMonitor(monitor)
    var first = true
    store.addListener { [unowned store] _ in
      guard first else { return }
      first = false
      store.send(CounterMessage.increment)
      store.shutDown()
    }
    store.send(CounterMessage.increment)
    #expect(store.model.value == 1)
    #expect(monitor.kinds.filter { $0.hasPrefix("processed") }.count == 1)
    #expect(monitor.kinds.contains { $0.hasPrefix("dropped") })
  }
}
