import CoreTesting
import Synchronization
import Testing

/// What sleepers did, in order, from any task.
private final class Journal: Sendable {
  private let lines = Mutex<[String]>([])

  func write(_ line: String) { lines.withLock { $0.append(line) } }

  var entries: [String] { lines.withLock { $0 } }
}

/// `name@seconds`, for a journal line.
private func stamp(_ name: String, _ clock: TestClock) -> String {
  "\(name)@\(clock.now.offset.components.seconds)"
}

@Suite("TestClock")
struct TestClockTests {
  @Test("a sleeper wakes when the clock reaches its deadline, not before")
  func wakesAtDeadline() async throws {
    let clock = TestClock()
    let woke = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(5))) }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(4))
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    try await woke.value
    #expect(clock.sleeperCount == 0)
    #expect(clock.now.offset == .seconds(5))
  }

  @Test("a deadline in the past returns at once")
  func pastDeadline() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
    #expect(clock.sleeperCount == 0)
  }

  @Test("cancelling a sleeping task throws CancellationError and removes the sleeper")
  func cancellation() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(60))) }
    await clock.waitForSleepers(count: 1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test("run wakes every sleeper by moving to the latest deadline")
  func run() async throws {
    let clock = TestClock()
    let first = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(1))) }
    let second = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(9))) }
    await clock.waitForSleepers(count: 2)
    await clock.run()
    try await first.value
    try await second.value
    #expect(clock.now.offset == .seconds(9))
  }

  @Test("a loop of relative sleeps fires once per interval covered, all before advance returns")
  func relativeSleepLoop() async {
    let clock = TestClock()
    let journal = Journal()
    let ticker = Task {
      while true {
        try await clock.sleep(for: .seconds(1))
        journal.write(stamp("tick", clock))
      }
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(10))
    #expect(journal.entries == (1...10).map { "tick@\($0)" })
    #expect(clock.sleeperCount == 1)  // asleep until second 11
    #expect(clock.now.offset == .seconds(10))
    ticker.cancel()
  }

  @Test("sleepers wake in deadline order, including sleeps started during the same advance")
  func deadlineOrder() async {
    let clock = TestClock()
    let journal = Journal()
    func every(_ seconds: Int, _ name: String) -> Task<Void, any Error> {
      Task {
        while true {
          try await clock.sleep(for: .seconds(seconds))
          journal.write(stamp(name, clock))
        }
      }
    }
    let slow = every(3, "slow")
    await clock.waitForSleepers(count: 1)
    let fast = every(2, "fast")
    await clock.waitForSleepers(count: 2)
    await clock.advance(by: .seconds(7))
    // At second 6 both are due: the clock wakes the slow one first (it went to sleep at 3, the
    // fast one at 4), but once woken the two run at once, on two threads, and either may write
    // first, so the last two entries are compared without their order.
    #expect(journal.entries.prefix(3) == ["fast@2", "slow@3", "fast@4"])
    #expect(Set(journal.entries.dropFirst(3)) == ["slow@6", "fast@6"])
    #expect(journal.entries.count == 5)
    slow.cancel()
    fast.cancel()
  }

  @Test("a sleeper that returns after waking does not hold the advance")
  func oneShotSleeper() async throws {
    let clock = TestClock()
    let journal = Journal()
    let once = Task {
      try await clock.sleep(for: .seconds(1))
      journal.write(stamp("once", clock))
    }
    let later = Task {
      try await clock.sleep(for: .seconds(3))
      journal.write(stamp("later", clock))
    }
    await clock.waitForSleepers(count: 2)
    await clock.advance(by: .seconds(5))
    try await once.value
    try await later.value
    #expect(journal.entries == ["once@1", "later@3"])
    #expect(clock.now.offset == .seconds(5))
  }

  @Test("a jump wakes every due sleeper at the new time, as a machine waking from suspension")
  func jump() async {
    let clock = TestClock()
    let journal = Journal()
    let ticker = Task {
      while true {
        try await clock.sleep(for: .seconds(1))
        journal.write(stamp("tick", clock))
      }
    }
    await clock.waitForSleepers(count: 1)
    await clock.jump(by: .seconds(10))
    // Woken once, at second 10; its next relative sleep ends at 11, not yet due.
    #expect(journal.entries == ["tick@10"])
    #expect(clock.sleeperCount == 1)
    ticker.cancel()
  }
}
