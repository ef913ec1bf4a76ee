import AuthenticationAPI
import AuthenticationImpl
import Core
import CoreTesting
import Foundation
import GRDB
import Testing

@Suite("AuthenticationInterpreter: restore and sign out")
struct AuthenticationInterpreterSessionTests {
  func sessionCount(_ environment: TestEnvironment) async throws -> Int {
    try await environment.database.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM authentication_sessions") ?? -1
    }
  }

  @Test("at the next launch, the saved session is restored")
  func restores() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    let session = try await environment.signIn("ada", "correct horse")
    // `perform` builds a new interpreter: nothing is remembered in memory.
    #expect(try await environment.perform(.restoreSession) == [.signedIn(session)])
  }

  @Test("a session survives closing and reopening the database file")
  func restoresFromFile() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("auth.sqlite")
    let first = try TestEnvironment(database: DatabaseQueue(path: path.path))
    _ = try await first.register("ada", "correct horse")
    let session = try await first.signIn("ada", "correct horse")
    let data = try Data(contentsOf: first.sessionFile)
    let reopened = try TestEnvironment(database: DatabaseQueue(path: path.path))
    try data.write(to: reopened.sessionFile)
    #expect(try await reopened.perform(.restoreSession) == [.signedIn(session)])
  }

  @Test("without a saved session, there is nothing to restore")
  func nothingSaved() async throws {
    let environment = try TestEnvironment()
    #expect(try await environment.perform(.restoreSession) == [.noSavedSession])
  }

  @Test("an expired saved session is not restored, and it and its file are removed")
  func expiredNotRestored() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    _ = try await environment.signIn("ada", "correct horse")
    await environment.time.clock.advance(by: TestEnvironment.lifetime)
    #expect(try await environment.perform(.restoreSession) == [.noSavedSession])
    #expect(!FileManager.default.fileExists(atPath: environment.sessionFile.path))
    #expect(try await sessionCount(environment) == 0)
  }

  @Test("a session is restorable until just before its expiry")
  func validUntilExpiry() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    let session = try await environment.signIn("ada", "correct horse")
    await environment.time.clock.advance(by: TestEnvironment.lifetime - .milliseconds(1))
    #expect(try await environment.perform(.restoreSession) == [.signedIn(session)])
  }

  @Test("a saved token the database does not know is removed")
  func unknownToken() async throws {
    let environment = try TestEnvironment()
    try Data(repeating: 7, count: 32).write(to: environment.sessionFile)
    #expect(try await environment.perform(.restoreSession) == [.noSavedSession])
    #expect(!FileManager.default.fileExists(atPath: environment.sessionFile.path))
  }

  @Test("a session file that does not hold a token is removed")
  func malformedFile() async throws {
    let environment = try TestEnvironment()
    try Data("not a token".utf8).write(to: environment.sessionFile)
    #expect(try await environment.perform(.restoreSession) == [.noSavedSession])
    #expect(!FileManager.default.fileExists(atPath: environment.sessionFile.path))
  }

  @Test("signing out deletes the session and its file, so it cannot be restored")
  func signOut() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    let session = try await environment.signIn("ada", "correct horse")
    #expect(try await environment.perform(.signOut(session.id)) == [.signedOut])
    #expect(!FileManager.default.fileExists(atPath: environment.sessionFile.path))
    #expect(try await sessionCount(environment) == 0)
    #expect(try await environment.perform(.restoreSession) == [.noSavedSession])
  }

  @Test("signing out an older session keeps the saved newer one")
  func signOutOlder() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    _ = try await environment.register("bob", "battery staple")
    let older = try await environment.signIn("ada", "correct horse")
    let newer = try await environment.signIn("bob", "battery staple")
    #expect(try await environment.perform(.signOut(older.id)) == [.signedOut])
    #expect(try await environment.perform(.restoreSession) == [.signedIn(newer)])
  }

  @Test("a new sign-in replaces the saved session and deletes the one it replaces")
  func signInReplaces() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    _ = try await environment.signIn("ada", "correct horse")
    let second = try await environment.signIn("ada", "correct horse")
    #expect(try await sessionCount(environment) == 1)
    #expect(try await environment.perform(.restoreSession) == [.signedIn(second)])
  }

  @Test("the session file is readable by its owner only")
  func filePermissions() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    _ = try await environment.signIn("ada", "correct horse")
    let attributes = try FileManager.default.attributesOfItem(atPath: environment.sessionFile.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }

  @Test("when the session file cannot be written, sign-in fails with a clear reason and leaves no session")
  func unwritableSessionFolder() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    let interpreter = AuthenticationInterpreter(
      credentials: environment.credentials,
      sessionFile: environment.folder.file("missing-folder").appendingPathComponent("session"),
      hasher: PasswordHasher(iterations: TestEnvironment.iterations), now: environment.time.now,
      clock: environment.time.clock)
    let recorder = MessageRecorder()
    try await recorder.interpret(
      .signIn(username: "ada", password: Password("correct horse")), with: interpreter)
    let messages = recorder.messages(of: AuthenticationMessage.self)
    guard case .signInFailed(.storage(let reason)) = messages.first else {
      Issue.record("Expected a storage failure, got \(messages)")
      return
    }
    #expect(reason.contains("missing-folder/session could not be written: No such file or directory"))
    #expect(try await sessionCount(environment) == 0)
  }
}
