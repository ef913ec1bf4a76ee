import Core
import CoreTesting
import Testing

/// A subscription served by an async function.
private struct Ticker: Subscription {
  let interval: Duration
}

private struct Clocked: Sendable, Equatable {
  var isTicking = false
  var interval: Duration = .seconds(1)
  var ticks = 0
}

private enum ClockedMessage: Message, Equatable {
  case start
  case stop
  case slower
  case tick
}

private struct ClockedUpdater: TypedUpdater {
  func update(_ model: inout Clocked, message: ClockedMessage) -> [any Command] {
    switch message {
    case .start: model.isTicking = true
    case .stop: model.isTicking = false
    case .slower: model.interval = .seconds(2)
    case .tick: model.ticks += 1
    }
    return []
  }
}

private let ticking = FunctionSubscriptionProvider<Clocked> { model, _ in
  model.isTicking ? [Ticker(interval: model.interval)] : []
}

/// Ticks at absolute deadlines, so a test clock's advance covers every interval.
private func runTicker(on clock: TestClock) -> @Sendable (Ticker, Dispatch) async throws -> Void {
  { ticker, dispatch in
    var next = clock.now
    while true {
      next = next.advanced(by: ticker.interval)
      try await clock.sleep(until: next)
      dispatch(ClockedMessage.tick)
    }
  }
}

@Suite("Subscription runtime")
@MainActor
struct SubscriptionRuntimeTests {
  @Test("a tick subscription turned on and off by the model, end to end on a test clock")
  func tickOnAndOff() async throws {
    let clock = TestClock()
    let store = Store(model: Clocked(), updater: ClockedUpdater(), subscriptions: ticking)
    store.register(subscriptions: Ticker.self, run: runTicker(on: clock))

    store.send(ClockedMessage.start)
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(3))
    #expect(await store.waitForModel { $0.ticks == 3 })

    store.send(ClockedMessage.stop)
    #expect(store.activeSubscriptions.isEmpty)
    await clock.advance(by: .seconds(5))
    await store.settle()
    #expect(store.model.ticks == 3)
  }

  @Test("changing the interval restarts the ticker with the new one")
  func intervalChange() async {
    let clock = TestClock()
    let store = Store(model: Clocked(isTicking: true), updater: ClockedUpdater(), subscriptions: ticking)
    store.register(subscriptions: Ticker.self, run: runTicker(on: clock))
    store.start()
    store.send(ClockedMessage.slower)
    #expect(store.activeSubscriptions.map { $0 as! Ticker } == [Ticker(interval: .seconds(2))])
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(4))
    #expect(await store.waitForModel { $0.ticks == 2 })
    store.shutDown()
  }

  @Test("messages a subscription sends carry it as their cause")
  func cause() async throws {
    let clock = TestClock()
    let store = Store(model: Clocked(isTicking: true), updater: ClockedUpdater(), subscriptions: ticking)
    let monitor = RecordingMonitor<Clocked>()
    store.addMonitor(monitor)
    store.register(subscriptions: Ticker.self, run: runTicker(on: clock))
    store.start()
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(1))
    #expect(await store.waitForModel { $0.ticks == 1 })
    let started = monitor.events.compactMap { event -> SubscriptionID? in
      if case .subscriptionStarted(let record, _) = event { record.id } else { nil }
    }
    let tick = try #require(monitor.processed.first { $0.message as? ClockedMessage == .tick })
    #expect(tick.cause == .subscription(try #require(started.first)))
    store.shutDown()
  }

  @Test("a message sent after the subscription stopped is dropped and reported")
  func lateMessageDropped() async {
    let store = Store(model: Wanted(), updater: WantUpdater(), subscriptions: wantedProbes)
    let monitor = RecordingMonitor<Wanted>()
    store.addMonitor(monitor)
    let captured = Captured()
    store.register(subscriptions: Probe.self) { _, dispatch in
      captured.dispatch = dispatch
      return Inert()
    }
    store.send(Want(probes: [Probe(key: 1, parameter: 0)]))
    store.send(Want(probes: []))
    captured.dispatch?(Want(probes: [Probe(key: 9, parameter: 9)]))
    await store.settle()
    #expect(store.model.probes.isEmpty)
    #expect(monitor.kinds.last == "dropped from s1")
  }

  @Test("an async subscription that throws is reported and not restarted")
  func failure() async {
    let store = Store(model: Clocked(isTicking: true), updater: ClockedUpdater(), subscriptions: ticking)
    let monitor = RecordingMonitor<Clocked>()
    store.addMonitor(monitor)
    store.register(subscriptions: Ticker.self) { _, _ in throw Boom() }
    store.start()
    let reported = await monitor.waitForEvent { $0.hasPrefix("subscription failed") }
    #expect(reported)
    store.send(ClockedMessage.tick)
    #expect(monitor.kinds.filter { $0.hasPrefix("subscription started") }.count == 1)
    store.shutDown()
  }

  @Test("an interpreter object is released once stopped")
  func released() {
    let lifetimes = Lifetimes()
    let store = Store(model: Wanted(), updater: WantUpdater(), subscriptions: wantedProbes)
    store.register(subscriptions: Probe.self) { probe, _ in lifetimes.make(probe) }
    store.send(Want(probes: [Probe(key: 1, parameter: 0)]))
    #expect(lifetimes.instances[0].interpreter != nil)
    store.send(Want(probes: []))
    #expect(lifetimes.instances[0].interpreter == nil)
  }

  @Test("a family of generic subscriptions is served by one registration for a protocol")
  func family() {
    let lifetimes = Lifetimes()
    let store = Store(model: Wanted(), updater: WantUpdater(), subscriptions: wantedProbes)
    store.register(subscriptions: (any Subscription).self) { subscription, _ in
      lifetimes.make(subscription as! Probe)
    }
    store.send(Want(probes: [Probe(key: 1, parameter: 0)]))
    #expect(lifetimes.startCount == 1)
  }
}

@MainActor
private final class Captured {
  var dispatch: Dispatch?
}

@MainActor
private final class Inert: SubscriptionInterpreter {
  func start() {}
  func stop() {}
}
