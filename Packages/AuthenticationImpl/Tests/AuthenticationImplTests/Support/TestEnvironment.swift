import AuthenticationAPI
import AuthenticationImpl
import Core
import CoreTesting
import Foundation
import GRDB

/// Test time: a `TestClock` and a wall clock derived from it, so advancing the clock moves both.
struct TestTime: Sendable {
  let clock = TestClock()
  let start = Date(timeIntervalSince1970: 1_750_000_000)

  /// The wall-clock time: `start` plus the clock's offset.
  var now: @Sendable () -> Date {
    { [clock, start] in start.addingTimeInterval(clock.now.offset.seconds) }
  }

  /// `start` plus `duration`.
  func date(after duration: Duration) -> Date { start.addingTimeInterval(duration.seconds) }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

/// A folder of its own for one test, removed when released.
final class TemporaryFolder: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "AuthenticationImplTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    try? FileManager.default.removeItem(at: url)
  }

  /// A file in the folder.
  func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}

/// An interpreter on an in-memory database (or a given one), a session file in a temporary
/// folder, a low work factor and test time.
struct TestEnvironment: Sendable {
  static let lifetime = Duration.seconds(12 * 60 * 60)
  static let iterations = 1_000

  let time = TestTime()
  let folder: TemporaryFolder
  let database: any DatabaseWriter
  let credentials: CredentialStore

  init(database: (any DatabaseWriter)? = nil) throws {
    folder = try TemporaryFolder()
    self.database = try database ?? DatabaseQueue()
    credentials = try CredentialStore(migrating: self.database)
  }

  var sessionFile: URL { folder.file("session") }

  /// A new interpreter on this environment's database, file and time, as after a relaunch.
  func interpreter(iterations: Int = TestEnvironment.iterations) -> AuthenticationInterpreter {
    AuthenticationInterpreter(
      credentials: credentials, sessionFile: sessionFile, hasher: PasswordHasher(iterations: iterations),
      sessionLifetime: Self.lifetime, now: time.now, clock: time.clock)
  }

  /// Performs `command` with a fresh interpreter and returns its messages.
  func perform(
    _ command: AuthenticationCommand, iterations: Int = TestEnvironment.iterations
  )
    async throws -> [AuthenticationMessage]
  {
    let recorder = MessageRecorder()
    try await recorder.interpret(command, with: interpreter(iterations: iterations))
    return recorder.messages(of: AuthenticationMessage.self)
  }

  /// Registers `name` and returns the user.
  func register(_ name: String, _ password: String) async throws -> User {
    let messages = try await perform(.register(username: name, password: Password(password)))
    guard case .registered(let user) = messages.first else {
      throw TestFailure("registering \(name) answered \(messages)")
    }
    return user
  }

  /// Signs `name` in and returns the session.
  func signIn(_ name: String, _ password: String) async throws -> Session {
    let messages = try await perform(.signIn(username: name, password: Password(password)))
    guard case .signedIn(let session) = messages.first else {
      throw TestFailure("signing \(name) in answered \(messages)")
    }
    return session
  }
}

/// A test precondition that did not hold.
struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
