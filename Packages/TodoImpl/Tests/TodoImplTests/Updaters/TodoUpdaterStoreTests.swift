import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI
import TodoImpl

@Suite("TodoUpdater in a store with the real interpreter")
@MainActor
struct TodoUpdaterStoreTests {
  @Test("signing in opens the user's stored list: the model holds its summary")
  func signInLoads() async throws {
    let harness = try Harness()
    let stored = try #require(await harness.add("stored earlier"))
    let store = TestStore(model: TodoModel(), updater: TodoUpdater())
    store.register(harness.interpreter)

    store.send(AuthenticationMessage.signedIn(Users.session(for: Users.alice))) {
      $0.owner = Users.alice
      $0.isLoading = true
    }
    store.expectCommands([TodoCommand.load(Users.alice)])
    await store.receive(TodoMessage.loaded(Users.alice, TodoSummary(counting: [stored]))) {
      $0.summary = TodoSummary(counting: [stored])
      $0.isLoading = false
    }
    await store.finish()
  }

  @Test("a toggle the user asks for shows in the model as the interpreter stored it")
  func toggleThroughStore() async throws {
    let harness = try Harness()
    let stored = try #require(await harness.add("task"))
    harness.time.advance(by: 1)
    let store = TestStore(
      model: TodoModel(owner: Users.alice, page: .listing([stored])),
      updater: CombinedUpdater<TodoModel>(.full(TodoUpdater()), .full(Intents.updater)))
    store.register(harness.interpreter)

    store.send(Intents.toggle(stored.id))
    store.expectCommands([TodoCommand.toggle(stored.id, owner: Users.alice)])
    var done = stored
    done.isDone = true
    done.updatedAt = harness.time.now
    await store.receive(TodoMessage.toggled(done, owner: Users.alice)) { $0.page?.update(done) }
    await store.finish()
  }
}

/// What the app's own updater does with the user's intents, reduced to one: turn it into a command
/// for the signed-in user.
private enum Intents: Message, Equatable {
  case toggle(TodoID)

  static let updater = FunctionUpdater<TodoModel>(handling: Intents.self) { model, intent in
    guard let owner = model.owner else { return [] }
    switch intent {
    case .toggle(let id): return [TodoCommand.toggle(id, owner: owner)]
    }
  }
}
