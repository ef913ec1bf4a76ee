import AuthenticationAPI
import AuthenticationImpl
import Core
import CoreTesting
import Foundation
import GRDB
import Testing

@Suite("AuthenticationInterpreter: concurrent sign-ins")
struct AuthenticationInterpreterConcurrentSignInTests {
  /// A work factor slow enough that, were the lockout checked apart from recording the failure,
  /// every concurrent attempt would read the count before the first wrong password was recorded.
  static let slowIterations = 20_000

  /// Registers ada with the slow work factor, so that checking her password takes a while.
  func registerAda(_ environment: TestEnvironment) async throws {
    let messages = try await environment.perform(
      .register(username: "ada", password: Password("correct horse")), iterations: Self.slowIterations)
    guard case .registered = messages.first else { throw TestFailure("registering answered \(messages)") }
  }

  /// Sends `count` sign-ins for ada at once, each through the interpreter `interpreter(i)` makes,
  /// and returns every answer.
  func signInConcurrently(
    _ count: Int, password: String,
    through interpreter: @escaping @Sendable (Int) -> AuthenticationInterpreter
  ) async throws -> [AuthenticationMessage] {
    try await withThrowingTaskGroup(of: [AuthenticationMessage].self) { group in
      for index in 0..<count {
        group.addTask {
          let recorder = MessageRecorder()
          try await recorder.interpret(
            .signIn(username: "ada", password: Password(password)), with: interpreter(index))
          return recorder.messages(of: AuthenticationMessage.self)
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
  }

  @Test("twenty concurrent wrong sign-ins: five are checked, fifteen are locked out for exactly 15 minutes")
  func concurrentWrongPasswords() async throws {
    let environment = try TestEnvironment()
    try await registerAda(environment)
    let interpreter = environment.interpreter(iterations: Self.slowIterations)
    let answers = try await signInConcurrently(20, password: "wrong horse") { _ in interpreter }
    #expect(answers.count == 20)
    #expect(answers.count { $0 == .signInFailed(.wrongCredentials) } == 5)
    #expect(answers.count { $0 == .signInFailed(.lockedOut(retryAfterMinutes: 15)) } == 15)
  }

  @Test("after a concurrent burst, the right password is refused until the window passes")
  func lockHoldsAfterBurst() async throws {
    let environment = try TestEnvironment()
    try await registerAda(environment)
    let interpreter = environment.interpreter(iterations: Self.slowIterations)
    _ = try await signInConcurrently(20, password: "wrong horse") { _ in interpreter }
    let correct = AuthenticationCommand.signIn(username: "ada", password: Password("correct horse"))
    #expect(try await environment.perform(correct) == [.signInFailed(.lockedOut(retryAfterMinutes: 15))])
    await environment.time.clock.advance(by: .seconds(15 * 60 - 1))
    #expect(try await environment.perform(correct) == [.signInFailed(.lockedOut(retryAfterMinutes: 1))])
    await environment.time.clock.advance(by: .seconds(1))
    _ = try await environment.signIn("ada", "correct horse")
  }

  @Test("stores that share one database cannot bypass the lockout together")
  func separateStoresOnOneDatabase() async throws {
    let environment = try TestEnvironment()
    try await registerAda(environment)
    // Each attempt through its own store and interpreter, as separate parts of an app (or apps) would.
    let answers = try await signInConcurrently(20, password: "wrong horse") { _ in
      AuthenticationInterpreter(
        credentials: CredentialStore(database: environment.database), sessionFile: environment.sessionFile,
        hasher: PasswordHasher(iterations: Self.slowIterations), now: environment.time.now,
        clock: environment.time.clock)
    }
    #expect(answers.count == 20)
    #expect(answers.count { $0 == .signInFailed(.wrongCredentials) } == 5)
    #expect(answers.count { $0 == .signInFailed(.lockedOut(retryAfterMinutes: 15)) } == 15)
  }

  @Test("an attempt still being checked does not lock out another: the lockout counts only failures")
  func inFlightAttemptDoesNotLock() async throws {
    let environment = try TestEnvironment()
    try await registerAda(environment)
    for _ in 1...4 {
      #expect(
        try await environment.perform(.signIn(username: "ada", password: Password("wrong horse")))
          == [.signInFailed(.wrongCredentials)])
    }
    // A double submit of the right password: the first attempt is the fifth, but it is not a failure.
    let interpreter = environment.interpreter(iterations: Self.slowIterations)
    let answers = try await signInConcurrently(2, password: "correct horse") { _ in interpreter }
    #expect(answers.count == 2)
    #expect(answers.allSatisfy { if case .signedIn = $0 { true } else { false } }, "answers: \(answers)")
  }
}
