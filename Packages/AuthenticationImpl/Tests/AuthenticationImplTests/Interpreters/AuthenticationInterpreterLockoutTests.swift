import AuthenticationAPI
import AuthenticationImpl
import Core
import CoreTesting
import Foundation
import Testing

@Suite("AuthenticationInterpreter: lockout")
struct AuthenticationInterpreterLockoutTests {
  func fail(_ environment: TestEnvironment, _ name: String = "ada") async throws -> [AuthenticationMessage] {
    try await environment.perform(.signIn(username: name, password: Password("wrong horse")))
  }

  @Test("after five failures within fifteen minutes, even the right password is refused for 15 minutes")
  func locksOut() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    for _ in 1...5 { #expect(try await fail(environment) == [.signInFailed(.wrongCredentials)]) }
    #expect(
      try await environment.perform(.signIn(username: "ada", password: Password("correct horse")))
        == [.signInFailed(.lockedOut(retryAfterMinutes: 15))])
  }

  @Test("four failures do not lock")
  func fourFailures() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    for _ in 1...4 { _ = try await fail(environment) }
    _ = try await environment.signIn("ada", "correct horse")
  }

  @Test("the wait is counted down in whole minutes, rounded up, and the lock lifts when it ends")
  func lockExpires() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    for _ in 1...5 { _ = try await fail(environment) }
    await environment.time.clock.advance(by: .seconds(10 * 60 + 30))
    #expect(try await fail(environment) == [.signInFailed(.lockedOut(retryAfterMinutes: 5))])
    await environment.time.clock.advance(by: .seconds(4 * 60))
    #expect(try await fail(environment) == [.signInFailed(.lockedOut(retryAfterMinutes: 1))])
    await environment.time.clock.advance(by: .seconds(30))
    _ = try await environment.signIn("ada", "correct horse")
  }

  @Test("failures older than the window do not count")
  func slidingWindow() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    _ = try await fail(environment)  // at 0:00; leaves the window at 15:00
    for _ in 1...4 {
      await environment.time.clock.advance(by: .seconds(60))
      _ = try await fail(environment)  // at 1:00 … 4:00
    }
    await environment.time.clock.advance(by: .seconds(11 * 60))  // 15:00
    #expect(try await fail(environment) == [.signInFailed(.wrongCredentials)])
    // 1:00 … 4:00 and 15:00 are within the window: locked until 1:00 leaves it at 16:00.
    #expect(try await fail(environment) == [.signInFailed(.lockedOut(retryAfterMinutes: 1))])
  }

  @Test("the lockout is per user name")
  func perName() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    _ = try await environment.register("bob", "battery staple")
    for _ in 1...5 { _ = try await fail(environment, "ada") }
    _ = try await environment.signIn("bob", "battery staple")
  }

  @Test("names without an account are locked out too, so the lockout does not reveal which names exist")
  func unknownNames() async throws {
    let environment = try TestEnvironment()
    for _ in 1...5 { _ = try await fail(environment, "nobody") }
    #expect(try await fail(environment, "nobody") == [.signInFailed(.lockedOut(retryAfterMinutes: 15))])
  }

  @Test("a successful sign-in forgets earlier failures")
  func successClears() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    for _ in 1...4 { _ = try await fail(environment) }
    _ = try await environment.signIn("ada", "correct horse")
    for _ in 1...4 { #expect(try await fail(environment) == [.signInFailed(.wrongCredentials)]) }
  }
}
