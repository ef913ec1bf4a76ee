import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import GRDB
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("TodoInterpreter: the watch of the list's summary")
struct TodoInterpreterSummaryWatchTests {
  @Test(
    "the summary is sent as it reads when the watch starts, then when a commit of this app or of another program makes it read differently, never twice the same"
  )
  func followsCommits() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("todo.sqlite")
    let app = try DatabasePool(path: path)
    try TodoDatabase.migrate(app)
    let interpreter = TodoInterpreter(database: app, outsideChangeInterval: .milliseconds(20))
    func run(_ command: TodoCommand, on interpreter: TodoInterpreter) async -> TodoItem? {
      let recorder = MessageRecorder()
      await interpreter.interpret(command, dispatch: recorder.dispatch())
      guard case .added(let item, _, _)? = recorder.messages(of: TodoMessage.self).first else { return nil }
      return item
    }
    // Safe: both are tags.
    let (home, work) = (TodoTag("home")!, TodoTag("work")!)
    // Bob's item is no part of Alice's summary.
    _ = await run(.add(title: .valid("bob's"), dueDate: nil, tags: [home], owner: Users.bob), on: interpreter)
    let recorder = MessageRecorder()
    let watch = Task {
      await interpreter.observeSummary(
        TodoSummarySubscription(owner: Users.alice), dispatch: recorder.dispatch())
    }
    await recorder.waitForMessages(count: 1)
    let milk = try #require(
      await run(
        .add(title: .valid("milk"), dueDate: nil, tags: [home, work], owner: Users.alice), on: interpreter))
    await recorder.waitForMessages(count: 2)
    // A rename changes no count: the toggle after it is what comes next.
    _ = await run(.rename(milk.id, title: .valid("oat milk"), owner: Users.alice), on: interpreter)
    _ = await run(.toggle(milk.id, owner: Users.alice), on: interpreter)
    await recorder.waitForMessages(count: 3)
    // Another program, on its own connection.
    let other = TodoInterpreter(database: try DatabaseQueue(path: path))
    _ = await run(.add(title: .valid("bread"), dueDate: nil, tags: [work], owner: Users.alice), on: other)
    await recorder.waitForMessages(count: 4)
    watch.cancel()
    await watch.value

    #expect(
      recorder.messages(of: TodoMessage.self) == [
        .summaryRead(TodoSummary(), owner: Users.alice),
        .summaryRead(
          TodoSummary(counts: TodoCounts(total: 1, open: 1), tagCounts: [home: 1, work: 1]),
          owner: Users.alice),
        .summaryRead(
          TodoSummary(counts: TodoCounts(total: 1, open: 0), tagCounts: [home: 1, work: 1]),
          owner: Users.alice),
        .summaryRead(
          TodoSummary(counts: TodoCounts(total: 2, open: 1), tagCounts: [home: 1, work: 2]),
          owner: Users.alice),
      ])
  }

  @Test(
    "the database's summary is the one counted in memory from the same items, for a list of every kind of item"
  )
  func readsAsCounted() async throws {
    let harness = try Harness()
    var items: [TodoItem] = []
    for index in 0..<40 {
      let tags = [["home"], ["home", "work"], [], ["errand"], []][index % 5].compactMap { TodoTag($0) }
      let recorder = MessageRecorder()
      await harness.interpreter.interpret(
        .add(title: .valid("item \(index)"), dueDate: nil, tags: tags, owner: Users.alice),
        dispatch: recorder.dispatch())
      guard case .added(var item, _, _)? = recorder.messages(of: TodoMessage.self).first else {
        Issue.record("add \(index) answered \(recorder.messages)")
        return
      }
      if index % 3 == 0 {
        _ = await harness.run(.toggle(item.id, owner: Users.alice))
        item.isDone = true
      }
      items.append(item)
    }
    let summary = try await harness.database.read { db in try TodoTable.summary(of: Users.alice, in: db) }
    #expect(summary == TodoSummary(counting: items))
    #expect(
      try await harness.database.read { db in try TodoTable.summary(of: Users.bob, in: db) } == TodoSummary())
  }
}
