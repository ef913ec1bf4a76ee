import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import GRDB
import Testing
import TodoAPI
import TodoImpl

@Suite("TodoInterpreter: the watch of the page shown")
struct TodoInterpreterPageWatchTests {
  private let query = TodoListQuery(page: 1, pageSize: 10)

  /// The titles of a sent page's rows, and whether it came from outside; `nil` for another message.
  private func titles(_ message: TodoMessage?) -> (titles: [String], outside: Bool)? {
    guard case .pageChanged(let page, let outside, Users.alice)? = message, page.query == query else {
      return nil
    }
    return (page.rows.map { "\($0.item.title)" }, outside)
  }

  @Test(
    "the page is sent as it reads when the watch starts, then after each change of this app that makes it read differently, and the watch ends when cancelled"
  )
  func changesOfThisApp() async throws {
    let harness = try Harness()
    let first = try #require(await harness.add("first"))
    let recorder = MessageRecorder()
    let watch = Task {
      await harness.interpreter.observePage(
        TodoPageSubscription(owner: Users.alice, query: query), dispatch: recorder.dispatch())
    }
    await recorder.waitForMessages(count: 1)
    _ = await harness.add("second")
    await recorder.waitForMessages(count: 2)
    // Bob's item leaves Alice's page as it reads: nothing is sent for it, so the next message is
    // the one for Alice's toggle.
    _ = await harness.add("bob's", for: Users.bob)
    // Given the watch time to read the page again after Bob's commit (nothing must come), so that
    // the toggle's commit is not read together with it.
    try await Task.sleep(for: .milliseconds(200))
    #expect(recorder.messages.count == 2)
    _ = await harness.run(.toggle(first.id, owner: Users.alice))
    await recorder.waitForMessages(count: 3)
    watch.cancel()
    await watch.value

    let messages = recorder.messages(of: TodoMessage.self)
    #expect(messages.map { titles($0)?.titles } == [["first"], ["first", "second"], ["second", "first"]])
    #expect(messages.allSatisfy { titles($0)?.outside == false })
    guard case .pageChanged(let done, _, _)? = messages.last else { return }
    #expect(done.counts == TodoCounts(total: 2, open: 1))
  }

  @Test(
    "a commit of another program on the database file that changes the page is sent as from outside, one that leaves it as it reads is not sent; this app's own commits are not from outside"
  )
  func changesOfAnotherProgram() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("todo.sqlite")
    let app = try DatabasePool(path: path)
    try TodoDatabase.migrate(app)
    let interval = Duration.milliseconds(20)
    let interpreter = TodoInterpreter(database: app, outsideChangeInterval: interval)
    let recorder = MessageRecorder()
    let watch = Task {
      await interpreter.observePage(
        TodoPageSubscription(owner: Users.alice, query: query), dispatch: recorder.dispatch())
    }
    await recorder.waitForMessages(count: 1)

    // This app's commit: told once, as its own.
    await interpreter.interpret(
      .add(title: .valid("mine"), dueDate: nil, owner: Users.alice), dispatch: MessageRecorder().dispatch())
    await recorder.waitForMessages(count: 2)
    // Given the outside watch many turns to mistake it for another program's (nothing must come).
    try await Task.sleep(for: interval * 10)
    #expect(recorder.messages.count == 2)

    // Another program, on its own connection: an item of Alice's, one of Bob's (her page reads
    // the same: nothing is sent), and another of Alice's, which comes next.
    let other = TodoInterpreter(database: try DatabaseQueue(path: path))
    await other.interpret(
      .add(title: .valid("theirs"), dueDate: nil, owner: Users.alice), dispatch: MessageRecorder().dispatch())
    await recorder.waitForMessages(count: 3)
    await other.interpret(
      .add(title: .valid("bob's"), dueDate: nil, owner: Users.bob), dispatch: MessageRecorder().dispatch())
    await other.interpret(
      .add(title: .valid("theirs too"), dueDate: nil, owner: Users.alice),
      dispatch: MessageRecorder().dispatch())
    await recorder.waitForMessages(count: 4)
    watch.cancel()
    await watch.value

    let messages = recorder.messages(of: TodoMessage.self).map(titles)
    #expect(
      messages.map { $0?.titles } == [[], ["mine"], ["mine", "theirs"], ["mine", "theirs", "theirs too"]])
    #expect(messages.map { $0?.outside } == [false, false, true, true])
  }
}
