import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import GRDB
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("TodoInterpreter: the open items due soonest, and those due in a span")
struct TodoInterpreterDueTests {
  /// Alice's items: open and done, dated and not, several due at the same instant, made in an
  /// order unlike their due order; and one of Bob's.
  private static func fill(_ harness: Harness) async throws -> [TodoItem] {
    let start = harness.time.now
    var items: [TodoItem] = []
    // Due in minutes: 5, 3, 3, 3, 9, 1, 7, 3, 2, 8, then undated and done ones.
    for (index, minutes) in [5, 3, 3, 3, 9, 1, 7, 3, 2, 8].enumerated() {
      items.append(
        try #require(await harness.add("item \(index)", due: start.addingTimeInterval(Double(minutes) * 60))))
      harness.time.advance(by: 1)
    }
    items.append(try #require(await harness.add("undated")))
    let done = try #require(await harness.add("done", due: start.addingTimeInterval(4 * 60)))
    guard case .toggled(let stored, _)? = await harness.run(.toggle(done.id, owner: Users.alice)).first else {
      Issue.record("toggle failed")
      return items
    }
    items.append(stored)
    _ = await harness.add("bob's", due: start.addingTimeInterval(60), for: Users.bob)
    return items
  }

  /// What the window must hold, computed in memory: the open dated items due after `after`, in
  /// the window's order, the first `limit` and those tied with the last of them.
  private static func expected(_ items: [TodoItem], after: Date, limit: Int) -> TodoDueWindow {
    let due = items.filter { !$0.isDone && ($0.dueDate.map { $0 > after } ?? false) }.sorted {
      ($0.dueDate!, $0.createdAt, $0.id.rawValue) < ($1.dueDate!, $1.createdAt, $1.id.rawValue)
    }
    guard due.count >= limit else { return TodoDueWindow(after: after, items: due, isComplete: true) }
    let last = due[limit - 1].dueDate!
    return TodoDueWindow(after: after, items: due.filter { $0.dueDate! <= last }, isComplete: false)
  }

  @Test(
    "the window holds the first items due after its time, soonest first, and every item tied with the last; it is complete when fewer are due"
  )
  func windowReads() async throws {
    let harness = try Harness()
    let items = try await Self.fill(harness)
    let start = harness.time.now.addingTimeInterval(-10)
    for after in [
      start.addingTimeInterval(-3600), start.addingTimeInterval(2 * 60), start.addingTimeInterval(3 * 60),
    ] {
      for limit in 1...12 {
        let window = try await harness.database.read { db in
          try TodoTable.dueWindow(of: Users.alice, after: after, limit: limit, in: db)
        }
        #expect(window == Self.expected(items, after: after, limit: limit), "after \(after), limit \(limit)")
      }
    }
    // The four items due at minute 3 are read together, whichever of them the limit falls on.
    let tied = try await harness.database.read { db in
      try TodoTable.dueWindow(of: Users.alice, after: start.addingTimeInterval(-3600), limit: 3, in: db)
    }
    #expect(tied.items.map(\.title.text) == ["item 5", "item 8", "item 1", "item 2", "item 3", "item 7"])
    #expect(!tied.isComplete)
    #expect(tied.end == tied.items.last?.dueDate)
  }

  @Test(
    "a span counts every open item due in it, its start excluded and its end included, and names the first")
  func spanReads() async throws {
    let harness = try Harness()
    let items = try await Self.fill(harness)
    let dates = Dictionary(uniqueKeysWithValues: items.map { ($0.title.text, $0.dueDate) })
    // From item 5's due time (excluded) to item 0's (included): minutes 2, 3 (four items) and 5.
    let after = try #require(dates["item 5"] ?? nil)
    let through = try #require(dates["item 0"] ?? nil)
    let messages = await harness.run(.readDue(after: after, through: through, naming: 2, owner: Users.alice))
    let first = items.filter { ["item 8", "item 1"].contains($0.title.text) }.sorted {
      $0.dueDate! < $1.dueDate!
    }
    #expect(
      messages == [
        .dueRead(TodoDueSpan(after: after, through: through, first: first, count: 6), owner: Users.alice)
      ])
    // Bob's item, due in the same span, is his alone.
    let bobs = await harness.run(.readDue(after: after, through: through, naming: 2, owner: Users.bob))
    #expect(
      bobs == [.dueRead(TodoDueSpan(after: after, through: through, first: [], count: 0), owner: Users.bob)])
  }

  @Test("the bound of a read is exact: a stored time is after a date exactly when it is at least the bound")
  func exactBounds() {
    // Whole milliseconds around powers of two of seconds (where dividing by 1,000 rounds either
    // way), today's, and dates with fractions of a millisecond.
    var times: [Int64] = [0, 1, 1_780_000_000_123]
    for power in 28...33 { times += (-3...3).map { (Int64(1) << power) * 1000 + $0 } }
    for stored in times {
      for offset in [-0.0007, -0.0005, -0.0001, 0, 0.0001, 0.0005, 0.0009] {
        let date = Date(milliseconds: stored).addingTimeInterval(offset)
        let bound = TodoTable.firstStored(after: date)
        #expect(Date(milliseconds: bound) > date, "\(stored) \(offset)")
        #expect(Date(milliseconds: bound - 1) <= date, "\(stored) \(offset)")
      }
    }
  }

  @Test(
    "the window is sent as it reads when the watch starts, then when a commit changes it; a change outside it sends nothing"
  )
  func windowFollowsCommits() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let app = try DatabasePool(path: folder.path("todo.sqlite"))
    try TodoDatabase.migrate(app)
    let interpreter = TodoInterpreter(database: app, outsideChangeInterval: .milliseconds(20))
    func run(_ command: TodoCommand) async -> TodoItem? {
      let recorder = MessageRecorder()
      await interpreter.interpret(command, dispatch: recorder.dispatch())
      switch recorder.messages(of: TodoMessage.self).first {
      case .added(let item, _, _)?, .toggled(let item, _)?: return item
      default: return nil
      }
    }
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    let soon = try #require(await run(.add(title: .valid("soon"), dueDate: now + 60, owner: Users.alice)))
    let recorder = MessageRecorder()
    let watch = Task {
      await interpreter.observeDue(
        TodoDueSubscription(owner: Users.alice, after: now, limit: 1), dispatch: recorder.dispatch())
    }
    await recorder.waitForMessages(count: 1)
    // Beyond the full window, undated, and another user's: the window reads the same.
    _ = await run(.add(title: .valid("later"), dueDate: now + 120, owner: Users.alice))
    _ = await run(.add(title: .valid("undated"), dueDate: nil, owner: Users.alice))
    _ = await run(.add(title: .valid("bob's"), dueDate: now + 30, owner: Users.bob))
    // Done: the window moves on to the later item.
    let done = try #require(await run(.toggle(soon.id, owner: Users.alice)))
    #expect(done.isDone)
    await recorder.waitForMessages(count: 2)
    watch.cancel()
    await watch.value

    let messages = recorder.messages(of: TodoMessage.self)
    #expect(messages.count == 2)
    #expect(
      messages.first
        == .dueSoon(TodoDueWindow(after: now, items: [soon], isComplete: false), owner: Users.alice))
    guard case .dueSoon(let window, Users.alice)? = messages.last else {
      Issue.record("the second message is \(String(describing: messages.last))")
      return
    }
    #expect(window.items.map(\.title.text) == ["later"])
    #expect(!window.isComplete)
  }
}
