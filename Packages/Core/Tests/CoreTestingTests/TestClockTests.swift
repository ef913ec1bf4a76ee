import CoreTesting
import Testing

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
}
