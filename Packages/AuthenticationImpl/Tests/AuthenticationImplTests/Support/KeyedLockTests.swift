import Testing

@testable import AuthenticationImpl

@Suite("KeyedLock", .timeLimit(.minutes(1)))
struct KeyedLockTests {
  @Test("holders of one key run one at a time")
  func oneAtATime() async {
    let lock = KeyedLock<String>()
    let overlap = Overlap()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<50 {
        group.addTask {
          await lock.withLock("ada") {
            overlap.enter()
            // Lets the other tasks run while this one is inside: without the lock, they would enter.
            await Task.yield()
            overlap.leave()
          }
        }
      }
    }
    #expect(overlap.most == 1)
  }

  @Test("a holder of another key does not wait (or this test would deadlock)")
  func otherKeys() async {
    let lock = KeyedLock<String>()
    let ran = await lock.withLock("ada") { await lock.withLock("bob") { true } }
    #expect(ran)
  }

  @Test("a key is released when its body throws")
  func releasedOnThrow() async {
    struct Failure: Error {}
    let lock = KeyedLock<String>()
    await #expect(throws: Failure.self) { try await lock.withLock("ada") { throw Failure() } }
    #expect(await lock.withLock("ada") { true })
  }
}
