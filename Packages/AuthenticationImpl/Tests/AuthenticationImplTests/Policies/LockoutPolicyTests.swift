import Testing

@testable import AuthenticationImpl

@Suite("LockoutPolicy")
struct LockoutPolicyTests {
  let policy = LockoutPolicy.standard
  let minute: Int64 = 60_000

  @Test("the standard policy is five failures within fifteen minutes")
  func standard() {
    #expect(policy.maximumFailures == 5)
    #expect(policy.window == .seconds(900))
  }

  @Test("fewer failures than the maximum do not lock")
  func belowMaximum() {
    #expect(policy.retryAfterMinutes(failures: [0, 1, 2, 3], now: 4) == nil)
  }

  @Test("the maximum locks until the oldest counted failure leaves the window, in minutes rounded up")
  func locked() {
    let failures = [0, 1, 2, 3, 4].map { $0 * minute }
    #expect(policy.retryAfterMinutes(failures: failures, now: 4 * minute) == 11)
    #expect(policy.retryAfterMinutes(failures: failures, now: 4 * minute + 1) == 11)
    #expect(policy.retryAfterMinutes(failures: failures, now: 14 * minute + 1) == 1)
    #expect(policy.retryAfterMinutes(failures: failures, now: 15 * minute) == nil)
  }

  @Test("with more failures than the maximum, the lock follows the most recent ones")
  func moreFailures() {
    let failures = [0, 1, 2, 3, 4, 5].map { $0 * minute }
    #expect(policy.retryAfterMinutes(failures: failures.shuffled(), now: 5 * minute) == 11)
  }

  @Test("failures outside the window do not count")
  func outsideWindow() {
    let failures = [-20, -16, 1, 2, 3].map { $0 * minute }
    #expect(policy.retryAfterMinutes(failures: failures, now: 4 * minute) == nil)
  }
}
