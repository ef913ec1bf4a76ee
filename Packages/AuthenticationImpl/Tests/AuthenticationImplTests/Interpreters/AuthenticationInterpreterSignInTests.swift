import AuthenticationAPI
import AuthenticationImpl
import Core
import Foundation
import GRDB
import Testing

@Suite("AuthenticationInterpreter: sign in")
struct AuthenticationInterpreterSignInTests {
  @Test("the right password starts a session that expires after the session lifetime")
  func signsIn() async throws {
    let environment = try TestEnvironment()
    let ada = try await environment.register("ada", "correct horse")
    let messages = try await environment.perform(
      .signIn(username: "ada", password: Password("correct horse")))
    let expected = Session(
      id: SessionID(rawValue: 1), user: ada, expiresAt: environment.time.date(after: TestEnvironment.lifetime)
    )
    #expect(messages == [.signedIn(expected)])
    #expect(FileManager.default.fileExists(atPath: environment.sessionFile.path))
  }

  @Test("the user name is matched without case; the session names the account as registered")
  func caseInsensitiveName() async throws {
    let environment = try TestEnvironment()
    let ada = try await environment.register("Ada", "correct horse")
    let session = try await environment.signIn("ADA", "correct horse")
    #expect(session.user == ada)
  }

  @Test("a wrong password is refused")
  func wrongPassword() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    #expect(
      try await environment.perform(.signIn(username: "ada", password: Password("wrong horse")))
        == [.signInFailed(.wrongCredentials)])
    #expect(!FileManager.default.fileExists(atPath: environment.sessionFile.path))
  }

  @Test("an unknown user name gets the same answer as a wrong password")
  func unknownUser() async throws {
    let environment = try TestEnvironment()
    #expect(
      try await environment.perform(.signIn(username: "nobody", password: Password("correct horse")))
        == [.signInFailed(.wrongCredentials)])
  }

  @Test("an invalid user name is refused with the rule it breaks")
  func invalidUsername() async throws {
    let environment = try TestEnvironment()
    #expect(
      try await environment.perform(.signIn(username: "a b", password: Password("correct horse")))
        == [.signInFailed(.invalidUsername("may contain only letters, digits, '.', '_' and '-'"))])
  }

  @Test("a redacted password (from a replayed trace) is refused without being revealed")
  func redactedPassword() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    #expect(
      try await environment.perform(.signIn(username: "ada", password: .redacted))
        == [.signInFailed(.wrongCredentials)])
  }

  @Test("a hash made with a lower work factor is upgraded at sign-in and still verifies")
  func raisesWorkFactor() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    _ = try await environment.perform(
      .signIn(username: "ada", password: Password("correct horse")), iterations: 2_000)
    let iterations = try await environment.database.read { db in
      try Int.fetchOne(db, sql: "SELECT password_iterations FROM authentication_users")
    }
    #expect(iterations == 2_000)
    _ = try await environment.signIn("ada", "correct horse")
  }
}
