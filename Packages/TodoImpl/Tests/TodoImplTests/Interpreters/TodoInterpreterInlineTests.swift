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
    let store = Store(model: TodoModel(owner: Users.alice), updater: storeUpdater)
    store.register(interpreter)
    let alice = Users.alice

    store.send(Run(command: .add(title: .valid("write"), dueDate: nil, owner: alice)))
    let added = try #require(store.model.items.first)
    #expect(added.title == "write")
    store.send(Run(command: .rename(added.id, title: .valid("write more"), owner: alice)))
    #expect(store.model.items.first?.title == "write more")
    store.send(Run(command: .toggle(added.id, owner: alice)))
    #expect(store.model.items.first?.isDone == true)
    store.send(Run(command: .setDone(added.id, false, owner: alice)))
    #expect(store.model.items.first?.isDone == false)
    let due = Date(timeIntervalSince1970: 1_800_000_000)
    store.send(Run(command: .setDueDate(added.id, due, owner: alice)))
    #expect(store.model.items.first?.dueDate == due)
    // What the model shows is what the table holds.
    let stored = try await harness.database.read { db in try TodoTable.items(of: alice, in: db) }
    #expect(stored == store.model.items)
    store.send(Run(command: .remove(added.id, owner: alice)))
    #expect(store.model.items.isEmpty)
    store.send(Run(command: .toggle(added.id, owner: alice)))
    #expect(store.model.lastError == .notFound(added.id))
    #expect(try await harness.database.read { db in try TodoTable.items(of: alice, in: db) } == [])
  }

  @Test("without it (the default), a change is written in a task: the model shows it after settle")
  func notInlineByDefault() async throws {
    let (harness, interpreter) = try harness(inline: false)
    let item = try #require(await harness.add("task"))
    let store = Store(model: TodoModel(owner: Users.alice, items: [item]), updater: storeUpdater)
    store.register(interpreter)
    store.send(Run(command: .toggle(item.id, owner: Users.alice)))
    #expect(store.model.items.first?.isDone == false)
    await store.settle()
    #expect(store.model.items.first?.isDone == true)
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

    let store = Store(model: TodoModel(owner: Users.alice, items: [item]), updater: storeUpdater)
    store.register(interpreter)
    store.send(Run(command: .toggle(item.id, owner: Users.alice)))
    #expect(store.model.items.first?.isDone == false)
    await store.settle()
    #expect(store.model.items.first?.isDone == true)

    importing.cancel()
    await importing.value
    // The import over, changes are inline again.
    store.send(Run(command: .toggle(item.id, owner: Users.alice)))
    #expect(store.model.items.first?.isDone == false)
  }
}
