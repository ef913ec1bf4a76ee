import AuthenticationAPI
import Core
import Foundation
import GRDB
import Synchronization
import Testing
import TodoAPI

@testable import TodoImpl

/// Commands sent as they are, for the tests to drive the interpreter through a store.
private struct Run: Message {
  let command: TodoCommand
}

private let storeUpdater = CombinedUpdater<TodoModel>(
  .full(TodoUpdater()),
  .full(FunctionUpdater<TodoModel>(handling: Run.self) { _, run in [run.command] }))

@Suite("TodoInterpreter: changes written inline, on the store's actor")
@MainActor
struct TodoInterpreterInlineTests {
  private func harness(inline: Bool) throws -> (Harness, TodoInterpreter) {
    let harness = try Harness()
    let time = harness.time
    let ids = harness.ids
    let interpreter = TodoInterpreter(
      database: harness.database, now: { time.now }, makeID: { ids.next() }, changesInline: inline)
    return (harness, interpreter)
  }

  @Test("with changesInline, each change of one item is stored and shown before send returns")
  func everyChangeInline() async throws {
    let (harness, interpreter) = try harness(inline: true)
    let alice = Users.alice
    let added = try #require(await harness.add("write"))
    // The page shows the item: each change's result updates its row.
    let store = Store(model: TodoModel(owner: alice, page: .listing([added])), updater: storeUpdater)
    store.register(interpreter)
    var shown: TodoItem? { store.model.page?.rows.first?.item }

    store.send(Run(command: .add(title: .valid("read"), dueDate: nil, owner: alice)))
    #expect(try await harness.database.read { db in try TodoTable.items(of: alice, in: db) }.count == 2)
    store.send(Run(command: .rename(added.id, title: .valid("write more"), owner: alice)))
    #expect(shown?.title == "write more")
    store.send(Run(command: .toggle(added.id, owner: alice)))
    #expect(shown?.isDone == true)
    store.send(Run(command: .setDone(added.id, false, owner: alice)))
    #expect(shown?.isDone == false)
    let due = Date(timeIntervalSince1970: 1_800_000_000)
    store.send(Run(command: .setDueDate(added.id, due, owner: alice)))
    #expect(shown?.dueDate == due)
    // What the model shows is what the table holds.
    let stored = try await harness.database.read { db in try TodoTable.items(of: alice, in: db) }
    #expect(stored.first == shown)
    store.send(Run(command: .remove(added.id, owner: alice)))
    #expect(store.model.page?.rows.isEmpty == true)
    store.send(Run(command: .toggle(added.id, owner: alice)))
    #expect(store.model.lastError == .notFound(added.id))
    #expect(
      try await harness.database.read { db in try TodoTable.items(of: alice, in: db) }.map(\.title) == [
        "read"
      ])
  }

  @Test("without it (the default), a change is written in a task: the model shows it after settle")
  func notInlineByDefault() async throws {
    let (harness, interpreter) = try harness(inline: false)
    let item = try #require(await harness.add("task"))
    let store = Store(model: TodoModel(owner: Users.alice, page: .listing([item])), updater: storeUpdater)
    store.register(interpreter)
    store.send(Run(command: .toggle(item.id, owner: Users.alice)))
    #expect(store.model.page?.rows.first?.item.isDone == false)
    await store.settle()
    #expect(store.model.page?.rows.first?.item.isDone == true)
  }

  @Test(
    "while an import runs, a change waits for the writer in a task, not on the store's actor",
    .timeLimit(.minutes(1)))
  func notInlineDuringAnImport() async throws {
    let (harness, interpreter) = try harness(inline: true)
    let item = try #require(await harness.add("task"))
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.endlessCSV()
    let started = AsyncStream<Void>.makeStream()
    let dispatch = Dispatch { message, _ in
      if case .importProgress? = message as? TodoMessage { started.continuation.yield() }
    }
    let importing = Task.detached {
      await interpreter.runImport(
        TodoImportSubscription(owner: Users.alice, path: path, run: 1), dispatch: dispatch)
    }
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()

    let store = Store(model: TodoModel(owner: Users.alice, page: .listing([item])), updater: storeUpdater)
    store.register(interpreter)
    store.send(Run(command: .toggle(item.id, owner: Users.alice)))
    #expect(store.model.page?.rows.first?.item.isDone == false)
    await store.settle()
    #expect(store.model.page?.rows.first?.item.isDone == true)

    importing.cancel()
    await importing.value
    // The import over, changes are inline again.
    store.send(Run(command: .toggle(item.id, owner: Users.alice)))
    #expect(store.model.page?.rows.first?.item.isDone == false)
  }
}
