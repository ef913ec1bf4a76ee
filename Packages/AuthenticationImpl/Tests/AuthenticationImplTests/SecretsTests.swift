import AuthenticationAPI
import AuthenticationImpl
import Core
import CoreTesting
import Crypto
import Foundation
import GRDB
import Testing

/// The password and the session token must never appear in the clear: not in the database, not in
/// a message's description, not in the console monitor's output.
@Suite("Secrets stay secret")
struct SecretsTests {
  static let password = "correct horse battery"

  /// Every form of the password and the saved token a leak could take.
  func forbiddenForms(token: Data) -> [String: Data] {
    let hex = token.map { String(format: "%02x", $0) }.joined()
    return [
      "password": Data(Self.password.utf8),
      "raw token": token,
      "hex token": Data(hex.utf8),
      "HEX token": Data(hex.uppercased().utf8),
      "base64 token": Data(token.base64EncodedString().utf8),
      "base64url token": Data(
        token.base64EncodedString().replacingOccurrences(of: "+", with: "-")
          .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "").utf8),
    ]
  }

  func leaks(in haystack: Data, token: Data) -> [String] {
    forbiddenForms(token: token).filter { haystack.range(of: $0.value) != nil }.map(\.key).sorted()
  }

  @Test("the database file and every stored value hold neither the password nor the token")
  func database() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("auth.sqlite")
    let environment = try TestEnvironment(database: DatabaseQueue(path: path.path))
    _ = try await environment.register("ada", Self.password)
    _ = try await environment.signIn("ada", Self.password)
    _ = try await environment.perform(.signIn(username: "ada", password: Password("wrong \(Self.password)")))
    _ = try await environment.perform(.restoreSession)
    let token = try Data(contentsOf: environment.sessionFile)
    #expect(token.count == 32)
    try environment.database.close()

    let fileBytes = try Data(contentsOf: path)
    #expect(leaks(in: fileBytes, token: token) == [])
    // The scan can find what is there: the token's hash is stored.
    #expect(fileBytes.range(of: Data(SHA256.hash(data: token))) != nil)

    let reopened = try DatabaseQueue(path: path.path)
    let values = try await reopened.read { db in
      let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
      var values: [Data] = []
      for table in tables {
        for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"") {
          for (_, value) in row {
            switch value.storage {
            case .blob(let data): values.append(data)
            case .string(let text): values.append(Data(text.utf8))
            default: break
            }
          }
        }
      }
      return values
    }
    #expect(!values.isEmpty)
    for value in values { #expect(leaks(in: value, token: token) == []) }
  }

  @Test("no message's description, debug description or dump holds the password or the token")
  func messages() async throws {
    let environment = try TestEnvironment()
    let recorder = MessageRecorder()
    let interpreter = environment.interpreter()
    let commands: [AuthenticationCommand] = [
      .register(username: "ada", password: Password(Self.password)),
      .register(username: "ada", password: Password(Self.password)),
      .signIn(username: "ada", password: Password("wrong \(Self.password)")),
      .signIn(username: "ada", password: Password(Self.password)),
      .restoreSession,
    ]
    for command in commands { try await recorder.interpret(command, with: interpreter) }
    let token = try Data(contentsOf: environment.sessionFile)
    let messages = recorder.messages(of: AuthenticationMessage.self)
    guard case .signedIn(let session) = messages.last else {
      Issue.record("Expected a restored session, got \(messages)")
      return
    }
    try await interpreter.interpret(.signOut(session.id), dispatch: recorder.dispatch())
    await environment.time.clock.advance(by: TestEnvironment.lifetime)
    try await interpreter.runSessionExpiry(SessionExpiry(session: session), dispatch: recorder.dispatch())
    #expect(recorder.messages.count == commands.count + 2)

    let values: [Any] = recorder.messages + commands
    for value in values {
      var dumped = ""
      dump(value, to: &dumped)
      for text in [String(describing: value), String(reflecting: value), dumped] {
        #expect(leaks(in: Data(text.utf8), token: token) == [], "\(text)")
      }
    }
  }

  @MainActor
  @Test("the console monitor of a store running authentication prints neither", .timeLimit(.minutes(1)))
  func consoleMonitor() async throws {
    let environment = try TestEnvironment()
    let interpreter = environment.interpreter()
    let store = Store(
      model: AuthenticationModel(),
      updater: CombinedUpdater<AuthenticationModel>(
        .full(AuthenticationUpdater()), .full(AuthenticationRequest.updater)),
      subscriptions: AuthenticationSubscriptions())
    store.register(interpreter)
    store.register(subscriptions: SessionExpiry.self, run: interpreter.runSessionExpiry)
    var lines: [String] = []
    store.addMonitor(ConsoleMonitor(showsModel: true) { lines.append($0) })
    let (statuses, continuation) = AsyncStream.makeStream(of: AuthenticationModel.Status.self)
    _ = store.addListener { continuation.yield($0.status) }
    store.start()

    for command: AuthenticationCommand in [
      .register(username: "ada", password: Password(Self.password)),
      .signIn(username: "ada", password: Password(Self.password)),
      .restoreSession,
    ] {
      store.send(AuthenticationRequest(command: command))
      await store.settle()
    }
    let token = try Data(contentsOf: environment.sessionFile)
    await environment.time.clock.waitForSleepers(count: 1)
    await environment.time.clock.advance(by: TestEnvironment.lifetime)
    for await status in statuses where status == .failed(.sessionExpired) { break }
    store.shutDown()

    let output = lines.joined(separator: "\n")
    // The monitor did print the flow, secrets redacted.
    #expect(output.contains("signedIn"))
    #expect(output.contains("sessionExpired"))
    #expect(output.contains("Secret(••••)"))
    #expect(leaks(in: Data(output.utf8), token: token) == [])
  }
}
