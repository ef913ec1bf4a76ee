import AuthenticationAPI
import AuthenticationImpl
import Core
import CoreTesting
import Foundation
import GRDB
import Testing

// Waits on the test clock have no timeout of their own: the limit turns a hang into a failure.
@Suite("AuthenticationInterpreter: session expiry subscription", .timeLimit(.minutes(1)))
struct AuthenticationInterpreterSessionExpiryTests {
  /// Starts the expiry subscription of `session` and waits until it sleeps.
  func watch(
    _ session: Session, in environment: TestEnvironment, recorder: MessageRecorder
  )
    async -> Task<Void, any Error>
  {
    let interpreter = environment.interpreter()
    let dispatch = recorder.dispatch()
    let task = Task {
      try await interpreter.runSessionExpiry(SessionExpiry(session: session), dispatch: dispatch)
    }
    await environment.time.clock.waitForSleepers(count: 1)
    return task
  }

  @Test("sends sessionExpired at the expiry time, not before")
  func firesAtExpiry() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    let session = try await environment.signIn("ada", "correct horse")
    let recorder = MessageRecorder()
    let task = await watch(session, in: environment, recorder: recorder)

    await environment.time.clock.advance(by: TestEnvironment.lifetime - .milliseconds(1))
    #expect(environment.time.clock.sleeperCount == 1)
    #expect(recorder.messages.isEmpty)

    await environment.time.clock.advance(by: .milliseconds(1))
    await recorder.waitForMessages(count: 1)
    try await task.value
    #expect(recorder.messages(of: AuthenticationMessage.self) == [.sessionExpired(session)])
  }

  @Test("an expired session is deleted with its file, so it cannot be restored")
  func endsSession() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    let session = try await environment.signIn("ada", "correct horse")
    let recorder = MessageRecorder()
    let task = await watch(session, in: environment, recorder: recorder)
    await environment.time.clock.advance(by: TestEnvironment.lifetime)
    try await task.value
    #expect(!FileManager.default.fileExists(atPath: environment.sessionFile.path))
    let sessions = try await environment.database.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM authentication_sessions")
    }
    #expect(sessions == 0)
  }

  @Test("the expiry of an older session keeps the newer saved session")
  func keepsNewerSession() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    let older = try await environment.signIn("ada", "correct horse")
    await environment.time.clock.advance(by: .seconds(3600))
    let newer = try await environment.signIn("ada", "correct horse")
    let recorder = MessageRecorder()
    let task = await watch(older, in: environment, recorder: recorder)
    await environment.time.clock.advance(by: TestEnvironment.lifetime - .seconds(3600))
    try await task.value
    #expect(recorder.messages(of: AuthenticationMessage.self) == [.sessionExpired(older)])
    #expect(try await environment.perform(.restoreSession) == [.signedIn(newer)])
  }

  @Test("a session already expired when watched expires at once")
  func alreadyExpired() async throws {
    let environment = try TestEnvironment()
    let session = Session(
      id: SessionID(rawValue: 9), user: User(id: UserID(rawValue: 1), name: "ada"),
      expiresAt: environment.time.start.addingTimeInterval(-1))
    let recorder = MessageRecorder()
    try await environment.interpreter().runSessionExpiry(
      SessionExpiry(session: session), dispatch: recorder.dispatch())
    #expect(recorder.messages(of: AuthenticationMessage.self) == [.sessionExpired(session)])
  }

  @Test("a stopped subscription sends nothing and keeps the session")
  func cancelled() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    let session = try await environment.signIn("ada", "correct horse")
    let recorder = MessageRecorder()
    let task = await watch(session, in: environment, recorder: recorder)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(recorder.messages.isEmpty)
    #expect(try await environment.perform(.restoreSession) == [.signedIn(session)])
  }
}
