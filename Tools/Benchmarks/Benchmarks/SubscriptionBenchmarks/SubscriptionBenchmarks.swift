import Benchmark
import BenchmarkSupport
import Core

// Issue 3's "B4": the per-message cost of reconciliation with 10, 1,000 and 10,000 live
// subscriptions, when nothing changes and when one changes.

struct Watch: Subscription {
  let id: Int
  let generation: Int
}

struct Watched: Sendable {
  var count: Int
  /// Which watch has a new generation; -1 for none.
  var changedID = -1
  var generation = 0
}

enum WatchMessage: Message {
  /// Changes nothing the provider reads.
  case nothing
  /// Replaces one subscription by a new value.
  case changeOne
}

struct WatchUpdater: TypedUpdater {
  func update(_ model: inout Watched, message: WatchMessage) -> [any Command] {
    if case .changeOne = message {
      model.changedID = 0
      model.generation &+= 1
    }
    return []
  }
}

let watches = FunctionSubscriptionProvider<Watched> { model, _ in
  (0..<model.count).map { Watch(id: $0, generation: $0 == model.changedID ? model.generation : 0) }
}

/// An interpreter that does nothing, so the benchmark measures the store's bookkeeping.
@MainActor
final class Idle: SubscriptionInterpreter {
  func start() {}
  func stop() {}
}

/// Samples of many messages for the small cases, so that the harness's own cost of starting and
/// stopping a measurement (10–20 µs) does not count as the store's; at 10,000 subscriptions a
/// message costs far more than that.
func reconcile(live count: Int) -> Benchmark.Configuration {
  Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    scalingFactor: count < 10_000 ? .kilo : .one,
    maxDuration: .seconds(3),
    maxIterations: count < 10_000 ? 200 : 2_000
  )
}

let benchmarks: @Sendable () -> Void = {
  for count in [10, 1_000, 10_000] {
    for message in [WatchMessage.nothing, .changeOne] {
      let label = message == .nothing ? "nothing changes" : "one changes"
      Benchmark("B4 subscriptions: \(count) live, \(label)", configuration: reconcile(live: count)) {
        @MainActor benchmark async in
        let store = Store(model: Watched(count: count), updater: WatchUpdater(), subscriptions: watches)
        store.register(subscriptions: Watch.self) { _, _ in Idle() }
        store.start()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { store.send(message) }
        benchmark.stopMeasurement()
        blackHole(store.activeSubscriptions.count)
      }
    }
  }
}
