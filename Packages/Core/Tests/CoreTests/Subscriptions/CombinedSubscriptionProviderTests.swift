import Core
import CoreTesting
import Testing

private struct Screen: Sendable {
  var wanted = Wanted()
  var other = Wanted()
  var isOnline = false
}

private struct Heartbeat: Subscription {}

private let heartbeat = FunctionSubscriptionProvider<Screen> { model, _ in
  model.isOnline ? [Heartbeat()] : []
}

private let probesOfSlice = FunctionSubscriptionProvider<Wanted> { slice, _ in slice.probes }

@Suite("Combined subscription providers")
@MainActor
struct CombinedSubscriptionProviderTests {
  @Test("parts are concatenated in order, each reading the whole model or its own slice")
  func order() {
    let provider = CombinedSubscriptionProvider<Screen>(
      .full(heartbeat), .slice(\.wanted, probesOfSlice), .slice(\.other, probesOfSlice))
    var model = Screen(isOnline: true)
    model.wanted.probes = [Probe(key: 1, parameter: 0)]
    model.other.probes = [Probe(key: 2, parameter: 0)]
    let requested = provider.subscriptions(for: model, message: nil)
    #expect(requested.count == 3)
    #expect(requested[0] is Heartbeat)
    #expect(requested[1] as? Probe == Probe(key: 1, parameter: 0))
    #expect(requested[2] as? Probe == Probe(key: 2, parameter: 0))
  }

  @Test("a slice part is given its slice and the message that changed the whole model")
  func sliceSeesSliceAndMessage() {
    let recording = FunctionSubscriptionProvider<Wanted> { slice, message in
      [Probe(key: slice.probes.count, parameter: message is Want ? 1 : 0)]
    }
    let provider = CombinedSubscriptionProvider<Screen>(.slice(\.other, recording))
    var model = Screen()
    model.wanted.probes = [Probe(key: 7, parameter: 7)]
    assertSubscriptions(
      provider, given: model, when: Want(probes: []), then: [Probe(key: 0, parameter: 1)])
    model.other.probes = [Probe(key: 1, parameter: 1), Probe(key: 2, parameter: 2)]
    assertSubscriptions(provider, given: model, when: nil, then: [Probe(key: 2, parameter: 0)])
  }

  @Test("the same value from two parts runs once, and stops only when no part asks for it")
  func duplicatesAcrossParts() {
    let provider = CombinedSubscriptionProvider<Screen>(
      .slice(\.wanted, probesOfSlice), .slice(\.other, probesOfSlice))
    let updater = FunctionUpdater<Screen>(handling: Want.self) { model, message in
      // Even keys go to one slice, odd keys to the other; key 0 to both.
      model.wanted.probes = message.probes.filter { $0.key % 2 == 0 }
      model.other.probes = message.probes.filter { $0.key % 2 == 1 || $0.key == 0 }
      return []
    }
    let lifetimes = Lifetimes()
    let store = Store(model: Screen(), updater: updater, subscriptions: provider)
    store.register(subscriptions: Probe.self) { probe, _ in lifetimes.make(probe) }
    let shared = Probe(key: 0, parameter: 0)
    store.send(Want(probes: [shared, Probe(key: 1, parameter: 0)]))
    #expect(lifetimes.startCount == 2)
    store.send(Want(probes: [shared]))
    #expect(lifetimes.stopCount == 1)
    #expect(store.activeSubscriptions.map { $0 as? Probe } == [shared])
    #expect(lifetimes.events.filter { $0.probe == shared }.map(\.kind) == [.start])
  }
}
