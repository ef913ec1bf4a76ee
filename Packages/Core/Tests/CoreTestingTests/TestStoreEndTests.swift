import Core
import CoreTesting
import Synchronization
import Testing

/// A search box: each keystroke restarts a one-second wait, after which the search runs.
private struct Search: Equatable, Sendable {
  var query = ""
  var searched: String?
}

private enum SearchMessage: Message, Equatable {
  case typed(String)
  case run(String)
  case stop
}

private struct SearchUpdater: TypedUpdater {
  func update(_ model: inout Search, message: SearchMessage) -> [any Command] {
    switch message {
    case .typed(let query):
      model.query = query
      return [KeyedCommand("search", DelayedMessage(SearchMessage.run(query), after: .seconds(1)))]
    case .run(let query):
      model.searched = query
      return []
    case .stop:
      return [CancelCommand("search")]
    }
  }
}

@Suite("TestStore: the end of the test is checked without finish()")
@MainActor
struct TestStoreEndTests {
  /// Runs `body` with a test store it creates and lets go of before returning, so that the end of
  /// the test is checked inside the caller's `withKnownIssue`.
  private func withCounterStore(_ body: (TestStore<Counter>) async -> Void) async {
    let store = TestStore(model: Counter(), updater: CounterUpdater())
    await body(store)
  }

  @Test("a test whose commands have all answered ends without finish(), and passes")
  func nothingLeft() async {
    let store = TestStore(model: Counter(), updater: CounterUpdater())
    store.register(echoPersist)
    store.send(CounterMessage.save)
    store.expectCommands([CounterCommand.persist(0)])
    await store.receive(CounterMessage.saved(0)) { $0.saved = 0 }
  }

  @Test("a message not received fails the test when the test store goes away, naming it")
  func messageNotReceived() async {
    await withKnownIssue {
      await withCounterStore { store in
        store.register(echoPersist)
        store.send(CounterMessage.save)
        store.expectCommands([CounterCommand.persist(0)])
      }
    } matching: { issue in
      issue.description.contains("Unasserted at the end of the test")
        && issue.description.contains("message not received: CounterMessage.saved(0)")
    }
  }

  @Test("a command not asserted fails the test when the test store goes away, naming it")
  func commandNotAsserted() async {
    await withKnownIssue {
      await withCounterStore { store in
        store.register(FunctionInterpreter(for: CounterCommand.self) { _, _ in })
        store.send(CounterMessage.save)
      }
    } matching: { issue in
      issue.description.contains("command not asserted: CounterCommand.persist(0)")
    }
  }

  @Test("a subscription change not asserted fails the test when the test store goes away")
  func subscriptionChangeNotAsserted() {
    withKnownIssue {
      let store = TestStore(model: Counter(), updater: CounterUpdater(), subscriptions: ticking)
      store.register(subscriptions: Tick.self) { _, _ in try await Task.sleep(for: .seconds(60)) }
      store.send(CounterMessage.startTicking) { $0.isTicking = true }
    } matching: { issue in
      issue.description.contains("subscription changes: started Tick(every: 1.0 seconds)")
    }
  }

  @Test(
    "a command still running (asleep on the clock) fails the test when the test store goes away, naming it")
  func commandStillRunning() {
    withKnownIssue {
      let store = TestStore(model: Search(), updater: SearchUpdater())
      store.clock = TestClock()
      store.send(SearchMessage.typed("milk")) { $0.query = "milk" }
    } matching: { issue in
      issue.description.contains(
        "command still running: KeyedCommand(\"search\", DelayedMessage(SearchMessage.run(\"milk\")")
    }
  }

  @Test("with exhaustivity off, what is left does not fail the test")
  func exhaustivityOff() {
    let store = TestStore(model: Counter(), updater: CounterUpdater(), exhaustivity: .off)
    store.register(echoPersist)
    store.send(CounterMessage.save)
  }

  @Test("after finish(), the test store checks nothing more when it goes away: a leftover fails once")
  func finishedOnce() async {
    let reports = Mutex(0)
    await withKnownIssue {
      await withCounterStore { store in
        store.register(echoPersist)
        store.send(CounterMessage.save)
        store.expectCommands([CounterCommand.persist(0)])
        await store.finish()
      }
    } matching: { issue in
      let matches = issue.description.contains("message not received: CounterMessage.saved(0)")
      if matches { reports.withLock { $0 += 1 } }
      return matches
    }
    #expect(reports.withLock { $0 } == 1)
  }

  @Test(
    "a delay the store performs needs no expectCommands: the test advances the clock and receives its message"
  )
  func delayWithoutAssertingIt() async {
    let store = TestStore(model: Search(), updater: SearchUpdater())
    let clock = TestClock()
    store.clock = clock
    store.send(SearchMessage.typed("mi")) { $0.query = "mi" }
    store.send(SearchMessage.typed("milk")) { $0.query = "milk" }
    await clock.advance(by: .seconds(1))
    await store.receive(SearchMessage.run("milk")) { $0.searched = "milk" }
    store.send(SearchMessage.stop)
  }

  @Test("a test that cares about the key or the duration still asserts the store's own commands")
  func delayAsserted() async {
    let store = TestStore(model: Search(), updater: SearchUpdater())
    let clock = TestClock()
    store.clock = clock
    store.send(SearchMessage.typed("milk")) { $0.query = "milk" }
    store.expectCommands([
      KeyedCommand("search", DelayedMessage(SearchMessage.run("milk"), after: .seconds(1)))
    ])
    withKnownIssue {
      store.send(SearchMessage.stop)
      store.expectCommands([CancelCommand("other")])
    } matching: { issue in
      issue.description.contains("The commands differ")
    }
  }
}
