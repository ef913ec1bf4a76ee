import Core
import CoreTesting
import Dispatch
import Synchronization
import Testing

/// Counts events on the main actor; blocks the main thread on the first one until released, as a
/// main actor busy elsewhere would.
@MainActor
private final class StalledMonitor: StoreMonitor, Sendable {
  nonisolated let delivered = Atomic<Int>(0)
  nonisolated let release = DispatchSemaphore(value: 0)
  private var isFirst = true

  func receive(_ event: StoreEvent<OrderTally>) {
    if isFirst {
      isFirst = false
      release.wait()
    }
    delivered.add(1, ordering: .relaxed)
  }
}

@Suite("Actor store: relay to main-actor monitors")
struct ActorStoreRelayTests {
  @Test("while the main actor is busy, perform waits once the relay holds its capacity")
  func relayIsBounded() async {
    let capacity = 16
    let store = ActorStore(model: OrderTally(), updater: OrderTallyUpdater())
    await store.setMonitorRelayCapacity(capacity)
    let monitor = StalledMonitor()
    await store.addMonitor(monitor)
    let emitted = Atomic<Int>(0)
    let mostWaiting = Atomic<Int>(0)
    await store.addMonitor { _, _ in
      let waiting = emitted.add(1, ordering: .relaxed).newValue - monitor.delivered.load(ordering: .relaxed)
      mostWaiting.max(waiting, ordering: .relaxed)
    }
    let producer = Task {
      for sequence in 0..<200 {
        await store.perform { _ = $0.send(Sequenced(sender: 1, sequence: sequence)) }
      }
    }
    // Whichever comes first: the producer is done (nothing held it back) or it waits for room.
    let ended = await waitWithTimeout(.seconds(30)) { resume in
      Task {
        await producer.value
        resume(true)
      }
      Task {
        await store.waitUntilARelayProducerWaits()
        resume(true)
      }
    }
    #expect(ended)
    // One perform body sends one message: two events (processed, model updated).
    #expect(mostWaiting.load(ordering: .relaxed) <= capacity + 2)
    monitor.release.signal()
    await producer.value
    await store.settle()
    #expect(await store.model.applied == 200)
  }
}
