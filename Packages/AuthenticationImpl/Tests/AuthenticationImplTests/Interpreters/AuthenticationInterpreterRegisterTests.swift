import AuthenticationAPI
import AuthenticationImpl
import Core
import Foundation
import GRDB
import Testing

@Suite("AuthenticationInterpreter: register")
struct AuthenticationInterpreterRegisterTests {
  @Test("registering creates the account and answers with its user")
  func registers() async throws {
    let environment = try TestEnvironment()
    let messages = try await environment.perform(
      .register(username: " ada ", password: Password("correct horse")))
    #expect(messages == [.registered(User(id: UserID(rawValue: 1), name: "ada"))])
    let names = try await environment.database.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM authentication_users")
    }
    #expect(names == ["ada"])
  }

  @Test("registering does not sign in: no session is stored or saved")
  func doesNotSignIn() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    let sessions = try await environment.database.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM authentication_sessions")
    }
    #expect(sessions == 0)
    #expect(!FileManager.default.fileExists(atPath: environment.sessionFile.path))
  }

  @Test("a taken user name is refused, whatever its case")
  func duplicate() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    #expect(
      try await environment.perform(.register(username: "ada", password: Password("other password")))
        == [.registrationFailed(.usernameTaken("ada"))])
    #expect(
      try await environment.perform(.register(username: "ADA", password: Password("other password")))
        == [.registrationFailed(.usernameTaken("ADA"))])
  }

  @Test(
    "checking a name answers whether it is free, taken (whatever its case) or invalid, and registers nothing")
  func checkUsername() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    #expect(try await environment.perform(.checkUsername(" bob ")) == [.usernameAvailable("bob")])
    #expect(
      try await environment.perform(.checkUsername("ADA")) == [.registrationFailed(.usernameTaken("ADA"))])
    #expect(
      try await environment.perform(.checkUsername("1bob"))
        == [.registrationFailed(.invalidUsername("must start with a letter"))])
    let names = try await environment.database.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM authentication_users")
    }
    #expect(names == ["ada"])
  }

  @Test("an invalid user name is refused with the rule it breaks")
  func invalidUsername() async throws {
    let environment = try TestEnvironment()
    #expect(
      try await environment.perform(.register(username: "1ada", password: Password("correct horse")))
        == [.registrationFailed(.invalidUsername("must start with a letter"))])
    #expect(
      try await environment.perform(.register(username: "ad", password: Password("correct horse")))
        == [.registrationFailed(.invalidUsername("must be 3 to 32 characters long"))])
  }

  @Test("a short password is refused with the minimum length")
  func shortPassword() async throws {
    let environment = try TestEnvironment()
    #expect(
      try await environment.perform(.register(username: "ada", password: Password("short")))
        == [.registrationFailed(.passwordTooShort(minimum: 8))])
  }

  @Test("a redacted password (from a replayed trace) is refused without being revealed")
  func redactedPassword() async throws {
    let environment = try TestEnvironment()
    #expect(
      try await environment.perform(.register(username: "ada", password: .redacted))
        == [.registrationFailed(.passwordTooShort(minimum: 8))])
  }

  @Test("the password is stored as a salted PBKDF2 hash with its work factor")
  func storesHash() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    _ = try await environment.register("bob", "correct horse")
    let rows = try await environment.database.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT password_algorithm, password_iterations, password_salt, password_hash
          FROM authentication_users ORDER BY id
          """
      ).map { row in
        (
          algorithm: row["password_algorithm"] as String, iterations: row["password_iterations"] as Int,
          salt: row["password_salt"] as Data, hash: row["password_hash"] as Data
        )
      }
    }
    #expect(rows.map(\.algorithm) == ["pbkdf2-sha256", "pbkdf2-sha256"])
    #expect(rows.map(\.iterations) == [1_000, 1_000])
    let salts = rows.map(\.salt)
    let hashes = rows.map(\.hash)
    #expect(salts.allSatisfy { $0.count == 16 })
    #expect(hashes.allSatisfy { $0.count == 32 })
    // Same password, different salts: different hashes.
    #expect(salts[0] != salts[1])
    #expect(hashes[0] != hashes[1])
  }
}
