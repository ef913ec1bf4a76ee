import AuthenticationAPI
import AuthenticationImpl
import Core
import CoreTesting
import Foundation
import GRDB
import Testing

@Suite("The Authentication feature as a value")
@MainActor
struct AuthenticationFeatureTests {
  /// An app's model with authentication as one slice.
  private struct AppModel: Equatable, Sendable {
    var authentication = AuthenticationModel(status: .restoring)
  }

  /// An app's environment: an in-memory database, a session file in a temporary folder, test time.
  private struct Environment: AuthenticationEnvironment {
    let database: any DatabaseWriter
    let sessionFile: URL
    let time = TestTime()
    var now: @Sendable () -> Date { time.now }
    var clock: TestClock { time.clock }
  }

  /// What an app's own updater does at launch, reduced to one message: ask for the saved session.
  private enum Launch: Message, Equatable {
    case started
  }

  private let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  @Test("preparing the feature migrates its tables in the environment's database")
  func preparesItsTables() throws {
    let database = try DatabaseQueue()
    let environment = Environment(database: database, sessionFile: folder.file("session"))
    #expect(try database.read { try $0.tableExists("authentication_users") } == false)
    try Composition<AppModel, Environment>(features: [.authentication(\.authentication)]).prepare(environment)
    #expect(try database.read { try $0.tableExists("authentication_users") })
  }

  @Test("a store made from the feature restores the session with the environment's session file")
  func restoresThroughTheFeature() async throws {
    let environment = Environment(database: try DatabaseQueue(), sessionFile: folder.file("session"))
    let composition = Composition<AppModel, Environment>(
      features: [.authentication(\.authentication)],
      app: Feature(
        "App",
        updater: .full(
          FunctionUpdater(handling: Launch.self) { _, _ in [AuthenticationCommand.restoreSession] })))
    try composition.prepare(environment)
    let store = TestStore(model: AppModel(), composition: composition, environment: environment)

    store.send(Launch.started)
    store.expectCommands([AuthenticationCommand.restoreSession])
    await store.receive(AuthenticationMessage.noSavedSession) { $0.authentication.status = .signedOut }
    await store.finish()
  }
}
