import Core
import CoreTesting
import Testing

@Suite("Async subscriptions are cancelled")
@MainActor
struct AsyncSubscriptionCancellationTests {
  @Test(
    "an async subscription's task is cancelled when its value disappears, and when the store shuts down",
    .timeLimit(.minutes(1)))
  func cancelled() async {
    let clock = TestClock()
    let exits = Exits()
    let store = Store(model: Wanted(), updater: WantUpdater(), subscriptions: wantedProbes)
    store.register(subscriptions: Probe.self) { probe, _ in
      do {
        try await clock.sleep(until: clock.now.advanced(by: .seconds(3600)))
      } catch {
        await exits.record(probe, cancelled: error is CancellationError)
        throw error
      }
    }
    let first = Probe(key: 1, parameter: 0)
    let second = Probe(key: 2, parameter: 0)
    store.send(Want(probes: [first, second]))
    await clock.waitForSleepers(count: 2)
    store.send(Want(probes: [second]))
    // Cancellation resumes the sleeper at once: the task ends without the clock moving.
    #expect(await exits.wait(count: 1) == [Exits.Exit(probe: first, cancelled: true)])
    #expect(clock.sleeperCount == 1)
    store.shutDown()
    let all = await exits.wait(count: 2)
    #expect(all.last == Exits.Exit(probe: second, cancelled: true))
    #expect(clock.sleeperCount == 0)
  }
}

/// Records how subscription tasks ended; waiters resume once enough have ended.
private actor Exits {
  struct Exit: Equatable {
    let probe: Probe
    let cancelled: Bool
  }

  private var exits: [Exit] = []
  private var waiters: [(count: Int, continuation: CheckedContinuation<[Exit], Never>)] = []

  func record(_ probe: Probe, cancelled: Bool) {
    exits.append(Exit(probe: probe, cancelled: cancelled))
    let ready = waiters.filter { $0.count <= exits.count }
    waiters.removeAll { $0.count <= exits.count }
    for waiter in ready { waiter.continuation.resume(returning: exits) }
  }

  func wait(count: Int) async -> [Exit] {
    if exits.count >= count { return exits }
    return await withCheckedContinuation { waiters.append((count, $0)) }
  }
}
