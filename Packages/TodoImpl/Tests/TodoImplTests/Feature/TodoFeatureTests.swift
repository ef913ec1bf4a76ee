import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import GRDB
import Testing
import TodoAPI
import TodoImpl

@Suite("The Todo feature as a value")
@MainActor
struct TodoFeatureTests {
  /// An app's model with the to-do list as one slice.
  private struct AppModel: Equatable, Sendable {
    var todos = TodoModel()
  }

  /// An app's environment: an in-memory database and a fixed time.
  private struct Environment: TodoEnvironment {
    let database: any DatabaseWriter
    let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_780_000_000) }
  }

  @Test("preparing the feature migrates its table in the environment's database")
  func preparesItsTable() throws {
    let database = try DatabaseQueue()
    let composition = Composition<AppModel, Environment>(features: [.todo(\.todos)])
    #expect(try database.read { try $0.tableExists("todo_item") } == false)
    try composition.prepare(Environment(database: database))
    #expect(try database.read { try $0.tableExists("todo_item") })
  }

  @Test(
    "signing in through a store made from the feature loads the user's list from the environment's database")
  func signInLoadsThroughTheFeature() async throws {
    let harness = try Harness()
    let stored = try #require(await harness.add("stored earlier"))
    let composition = Composition<AppModel, Environment>(features: [.todo(\.todos)])
    let store = TestStore(
      model: AppModel(), composition: composition, environment: Environment(database: harness.database))

    store.send(AuthenticationMessage.signedIn(Users.session(for: Users.alice))) {
      $0.todos.owner = Users.alice
      $0.todos.isLoading = true
    }
    store.expectCommands([TodoCommand.load(Users.alice)])
    await store.receive(TodoMessage.loaded(Users.alice, TodoSummary(counting: [stored]))) {
      $0.todos.summary = TodoSummary(counting: [stored])
      $0.todos.isLoading = false
    }
    // Once open, the summary is watched; its first read counts what the database holds, as the
    // load did.
    store.expectSubscriptions(started: [TodoSummarySubscription(owner: Users.alice)])
    await store.receive(TodoMessage.summaryRead(TodoSummary(counting: [stored]), owner: Users.alice))
  }

  @Test("the feature's messages are the ones a trace of it may hold")
  func messageTypes() {
    let feature: Feature<AppModel, Environment> = .todo(\.todos)
    #expect(feature.messageTypes.map { "\($0)" } == ["TodoMessage"])
  }
}
