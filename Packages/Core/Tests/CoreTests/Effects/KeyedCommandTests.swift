import Core
import CoreTesting
import Synchronization
import Testing

// Search as you type: each keystroke restarts a 300 ms wait (a debounce); a search in flight is
// cancelled by the next one; "clear" cancels both.

private struct Search: Equatable, Sendable {
  var query = ""
  var results: [String] = []
}

private enum SearchMessage: Message, Equatable {
  case typed(String)
  case run(String)
  case found([String])
  case clear
  case plain(String)
}

private struct Fetch: Command, Equatable {
  let query: String
}

private struct SearchUpdater: TypedUpdater {
  func update(_ model: inout Search, message: SearchMessage) -> [any Command] {
    switch message {
    case .typed(let query):
      model.query = query
      return [KeyedCommand("debounce", DelayedMessage(SearchMessage.run(query), after: .milliseconds(300)))]
    case .run(let query):
      return [KeyedCommand("search", Fetch(query: query))]
    case .found(let results):
      model.results = results
    case .clear:
      model = Search()
      return [CancelCommand("debounce"), CancelCommand("search")]
    case .plain(let query):
      return [Fetch(query: query)]
    }
    return []
  }
}

/// Answers a fetch after a second on `clock`, or, if told to ignore cancellation, when released.
private struct FetchInterpreter: CommandInterpreter {
  let clock: TestClock
  let exits: Exits
  let ignoresCancellation: Bool

  func interpret(_ command: Fetch, dispatch: Dispatch) async throws {
    if ignoresCancellation {
      try? await clock.sleep(for: .seconds(1))
    } else {
      do {
        try await clock.sleep(for: .seconds(1))
      } catch {
        exits.append("\(command.query) cancelled")
        throw error
      }
    }
    exits.append("\(command.query) answered")
    dispatch(SearchMessage.found([command.query + "!"]))
  }
}

@Suite("Keyed commands and delays")
@MainActor
struct KeyedCommandTests {
  @Test("a debounce is one returned value: the next keystroke restarts the wait", .timeLimit(.minutes(1)))
  func debounce() async {
    let clock = TestClock()
    let store = TestStore(model: Search(), updater: SearchUpdater())
    store.clock = clock
    store.register(FetchInterpreter(clock: clock, exits: Exits(), ignoresCancellation: false))
    store.send(SearchMessage.typed("a")) { $0.query = "a" }
    store.expectCommands([
      KeyedCommand("debounce", DelayedMessage(SearchMessage.run("a"), after: .milliseconds(300)))
    ])
    // No waitForSleepers: the delay is asleep when send returns.
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(200))
    store.send(SearchMessage.typed("ab")) { $0.query = "ab" }
    store.skipCommands()
    await clock.advance(by: .milliseconds(200))
    // The first wait would have ended at 300 ms; it was cancelled at 200.
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(100))
    await store.receive(SearchMessage.run("ab"))
    store.expectCommands([KeyedCommand("search", Fetch(query: "ab"))])
    await clock.advance(by: .seconds(1))
    await store.receive(SearchMessage.found(["ab!"])) { $0.results = ["ab!"] }
    await store.finish()
  }

  @Test("a search in flight is cancelled by the next: its task is cancelled and only the last answers")
  func cancelInFlight() async {
    let clock = TestClock()
    let exits = Exits()
    let store = TestStore(model: Search(), updater: SearchUpdater())
    store.register(FetchInterpreter(clock: clock, exits: exits, ignoresCancellation: false))
    store.send(SearchMessage.run("a"))
    store.expectCommands([KeyedCommand("search", Fetch(query: "a"))])
    await clock.waitForSleepers(count: 1)
    store.send(SearchMessage.run("ab"))
    store.expectCommands([KeyedCommand("search", Fetch(query: "ab"))])
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(1))
    await store.receive(SearchMessage.found(["ab!"])) { $0.results = ["ab!"] }
    await store.finish()
    #expect(exits.all == ["a cancelled", "ab answered"])
  }

  @Test("a cancelled command is reported cancelled, not finished, and the one that replaced it finished")
  func cancelledIsReported() async {
    let clock = TestClock()
    let monitor = RecordingMonitor<Search>()
    let store = Store(model: Search(), updater: SearchUpdater())
    store.register(FetchInterpreter(clock: clock, exits: Exits(), ignoresCancellation: false))
    store.addMonitor(monitor)
    store.send(SearchMessage.run("a"))
    await clock.waitForSleepers(count: 1)
    store.send(SearchMessage.run("ab"))
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(1))
    await store.settle()
    let commands = monitor.kinds.filter { $0.hasPrefix("command") }
    #expect(
      commands == [
        "command started c1", "command cancelled c1", "command started c2", "command finished c2",
      ])
  }

  @Test(
    "a cancelled command that answers anyway is ended already: its answer is dropped, not applied, and is no problem"
  )
  func lateAnswerDropped() async {
    let clock = TestClock()
    let exits = Exits()
    let monitor = RecordingMonitor<Search>()
    let store = Store(model: Search(), updater: SearchUpdater())
    store.register(FetchInterpreter(clock: clock, exits: exits, ignoresCancellation: true))
    store.addMonitor(monitor)
    store.send(SearchMessage.run("a"))
    await clock.waitForSleepers(count: 1)
    // The search ends here, although its task ignores the cancellation and goes on.
    await store.send(SearchMessage.clear).finish()
    // The task still sends its answer, after it was cancelled: the store drops it.
    #expect(await monitor.waitForEvent { $0.hasPrefix("dropped") })
    #expect(store.loop.model == Search())
    #expect(exits.all == ["a answered"])
    let drops = monitor.events.compactMap { event -> String? in
      guard case .messageDropped(let message, _, let reason) = event else { return nil }
      return "\(message) \(reason)"
    }
    #expect(drops == ["found([\"a!\"]) commandCancelled"])
  }

  @Test("clear cancels the debounce: the delayed message never arrives")
  func cancelCommand() async {
    let clock = TestClock()
    let store = TestStore(model: Search(), updater: SearchUpdater())
    store.clock = clock
    store.send(SearchMessage.typed("a")) { $0.query = "a" }
    store.skipCommands()
    store.send(SearchMessage.clear) { $0.query = "" }
    store.expectCommands([CancelCommand("debounce"), CancelCommand("search")])
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test("a command waiting for a free slot is cancelled before it starts")
  func waitingCancelled() async {
    let clock = TestClock()
    let exits = Exits()
    let store = Store(model: Search(), updater: SearchUpdater())
    store.settings.maximumRunningCommands = 1
    store.register(FetchInterpreter(clock: clock, exits: exits, ignoresCancellation: false))
    store.send(SearchMessage.plain("plain"))
    await clock.waitForSleepers(count: 1)
    store.send(SearchMessage.run("a"))  // waits for the slot
    store.send(SearchMessage.run("ab"))  // cancels it before it starts, and waits in its place
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(1))
    await store.settle()
    #expect(exits.all == ["plain answered", "ab answered"])
    #expect(store.loop.model.results == ["ab!"])
  }

  // Regression (found by a probe): a command removed from the queue of waiting ones by a key was
  // never reported: monitors saw it emitted and nothing else, so a trace showed it "not started".
  @Test(
    "a waiting command cancelled before it starts is reported cancelled to monitors", .timeLimit(.minutes(1)))
  func waitingCancelledIsReported() async {
    let clock = TestClock()
    let monitor = RecordingMonitor<Search>()
    let store = Store(model: Search(), updater: SearchUpdater())
    store.settings.maximumRunningCommands = 1
    store.register(FetchInterpreter(clock: clock, exits: Exits(), ignoresCancellation: false))
    store.addMonitor(monitor)
    store.send(SearchMessage.plain("plain"))  // c1 runs
    await clock.waitForSleepers(count: 1)
    store.send(SearchMessage.run("a"))  // c2 waits for the slot
    store.send(SearchMessage.clear)  // cancels c2 before it starts
    await clock.advance(by: .seconds(1))
    await store.settle()
    let commands = monitor.kinds.filter { $0.hasPrefix("command") }
    // `clear` emits two `CancelCommand`s, c3 and c4; c4's key is c2's, which ends as c4 starts.
    #expect(
      commands == [
        "command started c1", "command started c3", "command finished c3", "command cancelled c2",
        "command started c4", "command finished c4", "command finished c1",
      ])
  }

  // Regression (found by a probe): raising the bound started nothing; the commands waiting for a
  // slot kept starting one at a time, as running ones finished.
  @Test(
    "raising maximumRunningCommands starts the commands waiting for a slot, in order, up to the new bound",
    .timeLimit(.minutes(1)))
  func raisingTheBoundStartsWaitingCommands() async {
    let clock = TestClock()
    let exits = Exits()
    let store = Store(model: Search(), updater: SearchUpdater())
    store.settings.maximumRunningCommands = 1
    store.register(FetchInterpreter(clock: clock, exits: exits, ignoresCancellation: false))
    for query in ["a", "b", "c", "d"] { store.send(SearchMessage.plain(query)) }
    await clock.waitForSleepers(count: 1)
    store.settings.maximumRunningCommands = 3
    // b and c start now, beside a; d waits for one of them.
    await clock.waitForSleepers(count: 3)
    store.send(SearchMessage.plain("e"))  // behind d
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(count: 2)
    // Fetches woken by one advance answer in whichever order their tasks resume.
    #expect(Set(exits.all) == ["a answered", "b answered", "c answered"])
    await clock.advance(by: .seconds(1))
    await store.settle()
    #expect(exits.all.count == 5)
    #expect(Set(exits.all.suffix(2)) == ["d answered", "e answered"])
  }
}

/// How fetches ended, in order.
private final class Exits: Sendable {
  private let lines = Mutex<[String]>([])

  func append(_ line: String) { lines.withLock { $0.append(line) } }

  var all: [String] { lines.withLock { $0 } }
}
