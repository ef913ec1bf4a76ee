import Benchmark
import BenchmarkSupport
import Core
import Foundation
import Tracing

// B1–B3 and B4 (monitors) of issue 2. Each store benchmark stands beside a hand-written loop doing
// the same mutations on a local struct: the limit. Times are per message (scalingFactor).

let listSizes = [1_000, 100_000, 1_000_000]

var perMessage: Benchmark.Configuration {
  Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal, .instructions],
    timeUnits: .nanoseconds,
    scalingFactor: .mega,
    maxDuration: .seconds(3),
    maxIterations: 25
  )
}

var perToggle: Benchmark.Configuration {
  Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal, .instructions],
    timeUnits: .nanoseconds,
    scalingFactor: .mega,
    maxDuration: .seconds(3),
    maxIterations: 25
  )
}

/// For the benchmarks whose messages cost microseconds (monitors).
var perSlowMessage: Benchmark.Configuration {
  Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    scalingFactor: .kilo,
    maxDuration: .seconds(3),
    maxIterations: 200
  )
}

/// For B6: a million traced messages a sample.
var perTracedMessage: Benchmark.Configuration {
  Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    scalingFactor: .mega,
    maxDuration: .seconds(30),
    maxIterations: 5
  )
}

// B2 specifies 10,000 toggles with i = k * 7919 mod N. Each sample here is 1,000,000 toggles of
// that same sequence (k = 0, 1, 2, …): a sample of 1,000 messages would add the harness's own cost
// of starting and stopping a measurement (10–20 µs) as 10–20 ns to every message.

let benchmarks: @Sendable () -> Void = {
  // MARK: B1 counter

  // A store whose model has been read (as SwiftUI reads it) wraps each update in Observation's
  // `withMutation`; an unread one skips it.
  for observed in [false, true] {
    Benchmark("B1 counter: store\(observed ? ", observed" : "")", configuration: perMessage) {
      @MainActor benchmark async in
      let store = Store(model: Counter(), updater: CounterUpdater())
      if observed { blackHole(store.model.value) }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { store.send(CounterMessage.increment) }
      benchmark.stopMeasurement()
      blackHole(store.model.value)
    }
  }

  Benchmark("B1 counter: hand-written loop", configuration: perMessage) { benchmark in
    var counter = Counter()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(counter.value &+= 1) }
    benchmark.stopMeasurement()
    blackHole(counter.value)
  }

  // MARK: B1 on an actor store, and independent stores at once (issue 15)

  Benchmark("B1 counter: actor store", configuration: perMessage) { benchmark async in
    let store = ActorStore(model: Counter(), updater: CounterUpdater())
    let iterations = benchmark.scaledIterations.count
    benchmark.startMeasurement()
    await store.perform { store in
      for _ in 0..<iterations { store.send(CounterMessage.increment) }
    }
    benchmark.stopMeasurement()
    blackHole(await store.model.value)
  }

  // Throughput of independent actor stores, each processing B3 messages on its own actor: the
  // figure is per message over all stores, so with two cores it should halve from one store to two.
  for stores in [1, 2, 8, 64] {
    Benchmark("B3 on \(stores) actor store\(stores == 1 ? "" : "s") at once", configuration: perMessage) {
      benchmark async in
      let all = (0..<stores).map { _ in ActorStore(model: Composed(count: 1_000), updater: composedUpdater())
      }
      let share = benchmark.scaledIterations.count / stores
      benchmark.startMeasurement()
      await withTaskGroup(of: Void.self) { group in
        for store in all {
          group.addTask {
            await store.perform { store in
              for _ in 0..<share { store.send(CounterMessage.increment) }
            }
          }
        }
      }
      benchmark.stopMeasurement()
      for store in all { blackHole(await store.model.counter.value) }
    }
  }

  // MARK: B2 scale

  for count in listSizes {
    Benchmark("B2 toggle, N = \(count): store", configuration: perToggle) { @MainActor benchmark async in
      let store = Store(model: TodoList(count: count), updater: ToggleUpdater())
      var step = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        store.send(Toggle(index: toggledIndex(step: step, count: count)))
        step &+= 1
      }
      benchmark.stopMeasurement()
      blackHole(store.model.items.count)
    }

    Benchmark("B2 toggle, N = \(count): hand-written loop", configuration: perToggle) { benchmark in
      var list = TodoList(count: count)
      var step = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        list.items[toggledIndex(step: step, count: count)].done.toggle()
        step &+= 1
      }
      benchmark.stopMeasurement()
      blackHole(list.items.count)
    }
  }

  // MARK: B3 composed

  for observed in [false, true] {
    Benchmark("B3 composed counter: store\(observed ? ", observed" : "")", configuration: perMessage) {
      @MainActor benchmark async in
      let store = Store(model: Composed(count: 1_000), updater: composedUpdater())
      if observed { blackHole(store.model.counter.value) }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { store.send(CounterMessage.increment) }
      benchmark.stopMeasurement()
      blackHole(store.model.counter.value)
    }
  }

  Benchmark("B3 composed counter: hand-written loop", configuration: perMessage) { benchmark in
    var model = Composed(count: 1_000)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(model.counter.value &+= 1) }
    benchmark.stopMeasurement()
    blackHole(model.counter.value)
  }

  for count in listSizes {
    Benchmark("B3 composed toggle, N = \(count): store", configuration: perToggle) {
      @MainActor benchmark async in
      let store = Store(model: Composed(count: count), updater: composedUpdater())
      var step = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        store.send(Toggle(index: toggledIndex(step: step, count: count)))
        step &+= 1
      }
      benchmark.stopMeasurement()
      blackHole(store.model.list.items.count)
    }

    Benchmark("B3 composed toggle, N = \(count): hand-written loop", configuration: perToggle) { benchmark in
      var model = Composed(count: count)
      var step = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        model.list.items[toggledIndex(step: step, count: count)].done.toggle()
        step &+= 1
      }
      benchmark.stopMeasurement()
      blackHole(model.list.items.count)
    }
  }

  // MARK: B8 child features in a collection

  for count in listSizes {
    Benchmark("B8 element toggle, N = \(count): store", configuration: perToggle) {
      @MainActor benchmark async in
      let store = Store(model: RowList(count: count), updater: rowListUpdater())
      var step = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        store.send(ElementMessage(toggledIndex(step: step, count: count), RowMessage.toggle))
        step &+= 1
      }
      benchmark.stopMeasurement()
      blackHole(store.model.rows.count)
    }

    Benchmark("B8 element toggle, N = \(count): hand-written loop", configuration: perToggle) { benchmark in
      var rows = IndexedRows(count: count)
      var step = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        rows.toggle(id: toggledIndex(step: step, count: count))
        step &+= 1
      }
      benchmark.stopMeasurement()
      blackHole(rows.rows.count)
    }
  }

  // MARK: B4 monitors

  Benchmark("B4 monitors: B3 counter with the console monitor to a null sink", configuration: perSlowMessage)
  {
    @MainActor benchmark async in
    let store = Store(model: Composed(count: 1_000), updater: composedUpdater())
    store.addMonitor(ConsoleMonitor<Composed> { blackHole($0) })
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { store.send(CounterMessage.increment) }
    benchmark.stopMeasurement()
    blackHole(store.model.counter.value)
  }

  // MARK: B7 effect round trip

  Benchmark("B7 round trip: store, inline interpreter", configuration: perMessage) {
    @MainActor benchmark async in
    let store = Store(model: Counter(), updater: RoundTripUpdater())
    store.register(InlineRoundTripInterpreter())
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { store.send(RoundTripMessage.go) }
    benchmark.stopMeasurement()
    blackHole(store.model.value)
  }

  Benchmark("B7 round trip: hand-written loop", configuration: perMessage) { benchmark in
    var loop = HandWrittenRoundTrip()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { loop.send(.go) }
    benchmark.stopMeasurement()
    blackHole(loop.model.value)
  }

  // A round trip through a task: `send`, then `settle()` until the message back has been processed;
  // the anchor makes the same hops by hand (a detached task that hops back to the main actor).
  Benchmark("B7 round trip: store, task interpreter", configuration: perSlowMessage) {
    @MainActor benchmark async in
    let store = Store(model: Counter(), updater: RoundTripUpdater())
    store.register(taskRoundTripInterpreter)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(RoundTripMessage.go)
      await store.settle()
    }
    benchmark.stopMeasurement()
    blackHole(store.model.value)
  }

  Benchmark("B7 round trip: hand-written hops", configuration: perSlowMessage) {
    @MainActor benchmark async in
    let hops = HandWrittenHops()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { await hops.roundTrip() }
    benchmark.stopMeasurement()
    blackHole(hops.value)
  }

  // MARK: B6 trace recorder

  // A sample is a million messages, like B1's, and includes opening the file, starting the writer
  // thread and closing: with a thousand messages a sample, those would count for up to a
  // microsecond a message.
  Benchmark("B6 trace: B1 with the trace recorder writing to a file", configuration: perTracedMessage) {
    @MainActor benchmark async in
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("b6-\(UUID().uuidString).jsonl")
      .path
    let store = Store(model: Counter(), updater: CounterUpdater())
    guard let recorder = try? TraceRecorder<Counter>(path: path) else { return }
    store.addMonitor(recorder)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { store.send(CounterMessage.increment) }
    await recorder.close()
    benchmark.stopMeasurement()
    try? FileManager.default.removeItem(atPath: path)
  }
}
