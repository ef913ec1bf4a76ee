import BenchmarkSupport
import Core
import Foundation
import Tracing

// Sends a million messages of one workload through a store, synchronously, for
// `valgrind --tool=callgrind`, whose instruction counts repeat exactly from run to run (wall-clock
// times on a shared machine do not). Valgrind cannot run a binary whose `main` is `async`, so this
// one calls the store from `MainActor.assumeIsolated`. See docs/performance.md.
//
//   swift build -c release --package-path Tools/Benchmarks --product InstructionCounts
//   valgrind --tool=callgrind Tools/Benchmarks/.build/release/InstructionCounts b3-toggle 1000000
//
// The last argument is the number of messages (a million by default); run once with 0 and subtract
// to leave out building the model: (count(1,000,000) − count(0)) / 1,000,000 a message.

let usage =
  "usage: InstructionCounts (b1 | b1-subscribed | b3 | b6 | b6-payload | b2-toggle N | b3-toggle N | loop-toggle N | b8-toggle N | b8-loop-toggle N | echo | stores | b3-ten | b3-ten-observed | b3-ten-observed-counter | b3-ten-observed-model | observed | b7-inline | keyed-inline | keyed-delay | child-idle | child-running | b7-loop | b7-task | chain-inline | chain-task) [MESSAGES]"
let arguments = Array(CommandLine.arguments.dropFirst())
let takesSize = arguments.first?.hasSuffix("toggle") == true
let messages = arguments.dropFirst(takesSize ? 2 : 1).first.flatMap { Int($0) } ?? 1_000_000

/// B3 messages on 1, 2, 8 and 64 actor stores at once (issue 15), then B1 on an actor store:
/// wall-clock in one process, store counts interleaved over three rounds;
/// prints nanoseconds a message over all stores.
func nanoseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

/// `duration` divided by `count`, in microseconds, to two decimals.
func micro(_ duration: Duration, _ count: Double) -> String {
  String(format: "%.2f", nanoseconds(duration) / count / 1_000)
}

/// The process's CPU time so far, user and system, all threads.
func cpuTime() -> Duration {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  let micros =
    (Int64(usage.ru_utime.tv_sec) + Int64(usage.ru_stime.tv_sec)) * 1_000_000
    + Int64(usage.ru_utime.tv_usec) + Int64(usage.ru_stime.tv_usec)
  return .microseconds(micros)
}

/// The wall clock and CPU time `body` takes.
@MainActor
func timed(_ body: @MainActor () async -> Void) async -> (wall: Duration, cpu: Duration) {
  let clock = ContinuousClock()
  let cpuStart = cpuTime()
  let start = clock.now
  await body()
  return (clock.now - start, cpuTime() - cpuStart)
}

func measureStores(messages: Int) async {
  let clock = ContinuousClock()
  for round in 1...3 {
    for stores in [1, 2, 8, 64] {
      let all = (0..<stores).map { _ in ActorStore(model: Composed(count: 1_000), updater: composedUpdater())
      }
      let share = messages / stores
      let start = clock.now
      await withTaskGroup(of: Void.self) { group in
        for store in all {
          group.addTask {
            await store.perform { store in
              for _ in 0..<share { store.send(CounterMessage.increment) }
            }
          }
        }
      }
      let perMessage = nanoseconds(clock.now - start) / Double(share * stores)
      print("round \(round): B3 on \(stores) actor store(s) at once: \(Int(perMessage)) ns a message")
    }
  }
  let actorStore = ActorStore(model: Counter(), updater: CounterUpdater())
  let start = clock.now
  await actorStore.perform { store in
    for _ in 0..<messages { store.send(CounterMessage.increment) }
  }
  print("B1 on an actor store: \(Int(nanoseconds(clock.now - start) / Double(messages))) ns a message")
}

/// Issue 18: B3 on a model of eleven slices, unobserved; with ten observers each on its own slice
/// (``SliceViews``), slices the messages leave alone; with an eleventh observer on the counter,
/// which every message changes; and with the ten reading through `store.model`. Wall-clock in one
/// process, interleaved over five rounds; prints nanoseconds a message.
@MainActor
func measureObserved(messages: Int) {
  let clock = ContinuousClock()
  let cases: [(String, SliceViews.Reading?, Int)] = [
    ("unobserved", nil, 0),
    ("ten slice observers", .tenUntouchedSlices, 0),
    ("ten slice observers and one of the counter", .tenUntouchedSlicesAndTheCounter, 1),
    ("ten observers through store.model", .tenSlicesThroughTheWholeModel, 10),
  ]
  for round in 1...5 {
    print("round \(round)")
    for (label, reading, perMessage) in cases {
      let store = Store(model: TenSlices(count: 1_000), updater: tenSlicesUpdater())
      let views = reading.map { SliceViews(store: store, reading: $0) }
      let start = clock.now
      for _ in 0..<messages { store.send(CounterMessage.increment) }
      let elapsed = nanoseconds(clock.now - start) / Double(messages)
      precondition((views?.notifications ?? 0) == messages * perMessage, "notifications: \(label)")
      print("  B3, eleven slices, \(label): \(Int(elapsed.rounded())) ns a message")
    }
  }
}

/// One command a message; its interpreter answers with a decrement (the counter ends at 0).
struct EchoCommand: Command {}

enum EchoMessage: Message {
  case go, back
}

struct EchoUpdater: TypedUpdater {
  func update(_ model: inout Counter, message: EchoMessage) -> [any Command] {
    switch message {
    case .go:
      model.value += 1
      return [EchoCommand()]
    case .back:
      model.value -= 1
      return []
    }
  }
}

MainActor.assumeIsolated {
  switch (arguments.first, arguments.dropFirst().first.flatMap { Int($0) }) {
  case ("b1", _):
    let store = Store(model: Counter(), updater: CounterUpdater())
    for _ in 0..<messages { store.send(CounterMessage.increment) }
    print(store.model.value)
  case ("b1-subscribed", _):
    // B1 with a provider asking for the same ten subscriptions after every message: the cost of
    // comparing its answer with the last one (docs/performance.md, "What the unsafe casts buy").
    let store = Store(model: Counter(), updater: CounterUpdater(), subscriptions: tenChannels)
    store.register(subscriptions: Channel.self) { _, _ in IdleChannel() }
    store.start()
    for _ in 0..<messages { store.send(CounterMessage.increment) }
    print(store.model.value, store.activeSubscriptions.count)
  case ("b6", _):
    // B1 with the trace recorder (issue 20): both threads' instructions, the store's and the
    // writer's, are counted (valgrind runs them one at a time). No task: valgrind cannot run Swift
    // tasks here, so the recorder is closed with `closeBlocking()`. Prints the time a message, from
    // the first send to the file's close.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("b6-\(getpid()).jsonl").path
    let store = Store(model: Counter(), updater: CounterUpdater())
    guard let recorder = try? TraceRecorder<Counter>(path: path) else { exit(1) }
    store.addMonitor(recorder)
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<messages { store.send(CounterMessage.increment) }
    recorder.closeBlocking()
    let elapsed = clock.now - start
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    if ProcessInfo.processInfo.environment["KEEP_TRACE"] == nil {
      try? FileManager.default.removeItem(atPath: path)
    } else {
      print(path)
    }
    print(
      "b6 \(messages): \(Int(nanoseconds(elapsed) / Double(max(1, messages)))) ns a message, "
        + "\(bytes / max(1, messages)) bytes a message")
  case ("b6-payload", _):
    // B6 with a payload: each message carries a page of 20 items, as the to-do app's load does.
    // The recorder renders a message with fields afresh, cut at 300 bytes, and streams its whole
    // payload through the trace's `PayloadEncoder`, so this is the figure for the encoder's code.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("b6p-\(getpid()).jsonl").path
    let store = Store(
      model: Counter(),
      updater: FunctionUpdater<Counter> { model, message in
        guard let page = message as? PageLoaded else { return .ignored }
        model.value = page.first
        return .handled([])
      })
    guard let recorder = try? TraceRecorder<Counter>(path: path) else { exit(1) }
    store.addMonitor(recorder)
    let items = (0..<20).map { PageLoaded.Item(id: $0, title: "buy milk \($0)", done: $0.isMultiple(of: 3)) }
    for step in 0..<messages { store.send(PageLoaded(first: step, items: items)) }
    recorder.closeBlocking()
    try? FileManager.default.removeItem(atPath: path)
    print(store.model.value)
  case ("b3", _):
    let store = Store(model: Composed(count: 1_000), updater: composedUpdater())
    for _ in 0..<messages { store.send(CounterMessage.increment) }
    print(store.model.counter.value)
  case ("b2-toggle", let count?):
    let store = Store(model: TodoList(count: count), updater: ToggleUpdater())
    for step in 0..<messages { store.send(Toggle(index: toggledIndex(step: step, count: count))) }
    print(store.model.items.count)
  case ("b3-toggle", let count?):
    let store = Store(model: Composed(count: count), updater: composedUpdater())
    for step in 0..<messages { store.send(Toggle(index: toggledIndex(step: step, count: count))) }
    print(store.model.list.items.count)
  case ("b8-toggle", let count?):
    // B8: a message to one row of N child features, found by id (issue 26).
    let store = Store(model: RowList(count: count), updater: rowListUpdater())
    for step in 0..<messages {
      store.send(ElementMessage(toggledIndex(step: step, count: count), RowMessage.toggle))
    }
    print(store.model.rows.count)
  case ("b8-loop-toggle", let count?):
    // B8's anchor: the same rows in an array, found through a dictionary from id to position.
    var rows = IndexedRows(count: count)
    for step in 0..<messages { rows.toggle(id: toggledIndex(step: step, count: count)) }
    print(rows.rows.count)
  case ("loop-toggle", let count?):
    var list = TodoList(count: count)
    for step in 0..<messages { list.items[toggledIndex(step: step, count: count)].done.toggle() }
    print(list.items.count)
  case ("b3-ten", _):
    let store = Store(model: TenSlices(count: 1_000), updater: tenSlicesUpdater())
    for _ in 0..<messages { store.send(CounterMessage.increment) }
    print(store.model.counter.value)
  case ("b3-ten-observed", _), ("b3-ten-observed-counter", _), ("b3-ten-observed-model", _):
    let store = Store(model: TenSlices(count: 1_000), updater: tenSlicesUpdater())
    let reading: SliceViews.Reading =
      switch arguments.first {
      case "b3-ten-observed": .tenUntouchedSlices
      case "b3-ten-observed-counter": .tenUntouchedSlicesAndTheCounter
      default: .tenSlicesThroughTheWholeModel
      }
    let views = SliceViews(store: store, reading: reading)
    for _ in 0..<messages { store.send(CounterMessage.increment) }
    print(store[\.counter].value, views.notifications)
  case ("observed", _):
    measureObserved(messages: messages)
  case ("stores", _):
    Task {
      await measureStores(messages: messages)
      exit(0)
    }
    return
  case ("echo", _):
    // MESSAGES commands whose interpreter sends a message back (issue 15's backpressure workload):
    // prints the time taken and the peak resident memory.
    let store = Store(model: Counter(), updater: EchoUpdater())
    store.register(FunctionInterpreter(for: EchoCommand.self) { _, dispatch in dispatch(EchoMessage.back) })
    let clock = ContinuousClock()
    let start = clock.now
    let done = Task { @MainActor in
      for _ in 0..<messages { store.send(EchoMessage.go) }
      await store.settle()
    }
    Task { @MainActor in
      await done.value
      var usage = rusage()
      getrusage(RUSAGE_SELF.rawValue, &usage)
      print(
        "echo \(messages): \(clock.now - start), value \(store.model.value), peak RSS \(usage.ru_maxrss / 1024) MB"
      )
      exit(store.model.value == 0 ? 0 : 1)
    }
    return
  case ("b7-inline", _):
    // B7 with a `SynchronousCommandInterpreter`: MESSAGES round trips, each inside one `send`.
    let store = Store(model: Counter(), updater: RoundTripUpdater())
    store.register(InlineRoundTripInterpreter())
    for _ in 0..<messages { store.send(RoundTripMessage.go) }
    print(store.model.value)
  case ("keyed-inline", _):
    // B7-inline with each command under one key (docs/effects.md).
    let store = Store(model: Counter(), updater: KeyedRoundTripUpdater())
    store.register(InlineRoundTripInterpreter())
    for _ in 0..<messages { store.send(RoundTripMessage.go) }
    print(store.model.value)
  case ("keyed-delay", _):
    // A debounce: each message restarts an hour's wait under one key, cancelling the one before.
    let store = Store(model: Counter(), updater: DebounceUpdater())
    for _ in 0..<messages { store.send(CounterMessage.increment) }
    print(store.model.value)
    store.shutDown()
  case ("child-idle", _), ("child-running", _):
    measureChildRows(running: arguments.first == "child-running", messages: messages)
  case ("b7-loop", _):
    // B7's anchor: the same messages and command through a hand-written queue.
    var loop = HandWrittenRoundTrip()
    for _ in 0..<messages { loop.send(.go) }
    print(loop.model.value)
  case ("b7-task", _):
    // B7 with an ordinary interpreter, beside its anchor in the same run, interleaved over three
    // rounds: each round trip is `send` then `await settle()`; the anchor makes the same hops by
    // hand (a detached task that hops back to the main actor). Wall clock and CPU time a round trip.
    Task { @MainActor in
      for round in 1...3 {
        let store = Store(model: Counter(), updater: RoundTripUpdater())
        store.register(taskRoundTripInterpreter)
        let (storeWall, storeCPU) = await timed {
          for _ in 0..<messages {
            store.send(RoundTripMessage.go)
            await store.settle()
          }
        }
        let hops = HandWrittenHops()
        let (anchorWall, anchorCPU) = await timed {
          for _ in 0..<messages { await hops.roundTrip() }
        }
        precondition(store.model.value == 0 && hops.value == 0)
        let each = Double(max(1, messages))
        print(
          "round \(round): b7-task \(messages): store \(micro(storeWall, each)) µs, \(micro(storeCPU, each)) µs CPU; "
            + "anchor \(micro(anchorWall, each)) µs, \(micro(anchorCPU, each)) µs CPU a round trip")
      }
      exit(0)
    }
    return
  case ("chain-inline", _), ("chain-task", _):
    // A chain of MESSAGES links, command → message → command, each link's interpreter sending the
    // next; `finish()` of the first link returns after the last. Prints the wall clock.
    let store = Store(model: Counter(), updater: ChainUpdater(target: messages))
    store.register(ChainInterpreter(inline: arguments.first == "chain-inline"))
    Task { @MainActor in
      let clock = ContinuousClock()
      let start = clock.now
      await store.send(LinkMessage.step(0)).finish()
      let elapsed = clock.now - start
      precondition(store.model.value == messages)
      print("\(arguments[0]) \(messages) links: \(elapsed)")
      exit(0)
    }
    return
  case ("roundtrip", _):
    // MESSAGES round trips, each `send` then `await settle()`: a command whose interpreter sends a
    // message back. Prints the time a round trip (thread hops, no I/O).
    let store = Store(model: Counter(), updater: EchoUpdater())
    store.register(FunctionInterpreter(for: EchoCommand.self) { _, dispatch in dispatch(EchoMessage.back) })
    let clock = ContinuousClock()
    Task { @MainActor in
      let start = clock.now
      for _ in 0..<messages {
        store.send(EchoMessage.go)
        await store.settle()
      }
      print("roundtrip \(messages): \(nanoseconds(clock.now - start) / Double(messages) / 1_000) µs each")
      exit(0)
    }
    return
  default:
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
  }
}

// These workloads finish in tasks on the main actor (valgrind cannot run them here).
if ["echo", "stores", "roundtrip", "b7-task", "chain-inline", "chain-task"].contains(
  CommandLine.arguments.dropFirst().first)
{
  dispatchMain()
}

/// `b6-payload`'s message: a page of items, of the kinds of fields a to-do item has.
struct PageLoaded: Message, Codable {
  struct Item: Codable {
    let id: Int
    let title: String
    let done: Bool
  }

  let first: Int
  let items: [Item]
}
