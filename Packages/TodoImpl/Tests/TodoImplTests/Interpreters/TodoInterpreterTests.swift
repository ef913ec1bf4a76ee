import AuthenticationAPI
import CoreTesting
import Foundation
import GRDB
import Testing
import TodoAPI
import TodoImpl

@Suite("TodoInterpreter on an in-memory database")
struct TodoInterpreterTests {
  private let harness: Harness

  init() throws { harness = try Harness() }

  // MARK: - Load and add

  @Test("a new user's list is empty: opening it reads a summary of nothing")
  func loadEmpty() async {
    #expect(await harness.run(.load(Users.alice)) == [.loaded(Users.alice, TodoSummary())])
  }

  @Test("opening a list reads its summary, the items staying in the database")
  func loadReadsTheSummary() async throws {
    let item = try #require(await harness.add("milk"))
    _ = await harness.add("bob's", for: Users.bob)
    #expect(await harness.run(.load(Users.alice)) == [.loaded(Users.alice, TodoSummary(counting: [item]))])
  }

  @Test("add stores a new item with the clock's time and a new identity, and answers it as stored")
  func add() async {
    let due = Date(timeIntervalSince1970: 1_790_000_000.25)
    let messages = await harness.run(.add(title: .valid("  Buy 🥐 and 茶  "), dueDate: due, owner: Users.alice))
    let expected = TodoItem(
      id: TodoID(rawValue: "id-1"), title: "Buy 🥐 and 茶", dueDate: due, createdAt: harness.time.now)
    #expect(messages == [.added(expected, number: 1, owner: Users.alice)])
    #expect(await harness.load() == [expected])
  }

  @Test("the model gets dates at the stored precision, whole milliseconds")
  func storedPrecision() async {
    let due = Date(timeIntervalSince1970: 1_790_000_000.123456)
    let item = await harness.add("Precise", due: due)
    #expect(item?.dueDate == Date(timeIntervalSince1970: 1_790_000_000.123))
    #expect(await harness.load().first?.dueDate == item?.dueDate)
  }

  @Test("a load lists the user's items in display order, oldest first")
  func loadOrder() async {
    let first = await harness.add("first")
    harness.time.advance(by: 1)
    let second = await harness.add("second")
    #expect(await harness.load() == [first, second].compactMap { $0 })
  }

  @Test("each user sees only their own items")
  func usersAreSeparate() async {
    let alices = await harness.add("Alice's", for: Users.alice)
    let bobs = await harness.add("Bob's", for: Users.bob)
    #expect(await harness.load(Users.alice) == [alices].compactMap { $0 })
    #expect(await harness.load(Users.bob) == [bobs].compactMap { $0 })
  }

  // MARK: - A page

  @Test(
    "readPage answers the page of the owner's list the query selects, numbered in creation order, counted")
  func readPage() async throws {
    let first = try #require(await harness.add("first", due: harness.time.now.addingTimeInterval(60)))
    harness.time.advance(by: 1)
    let second = try #require(await harness.add("second"))
    harness.time.advance(by: 1)
    let third = try #require(await harness.add("third"))
    _ = await harness.run(.setDone(second.id, true, owner: Users.alice))
    _ = await harness.add("Bob's", for: Users.bob)
    // Read two minutes on: the first item is overdue then, and open items come before done ones.
    let time = harness.time.now.addingTimeInterval(120)
    let query = TodoListQuery(page: 1, pageSize: 2)
    let messages = await harness.run(.readPage(query, at: time, owner: Users.alice))
    guard case .pageRead(let page, time, Users.alice)? = messages.first, messages.count == 1 else {
      Issue.record("readPage answered \(messages)")
      return
    }
    #expect(page.query == query)
    #expect(page.rows.map(\.number) == [1, 3])
    #expect(page.rows.map(\.item.id) == [first.id, third.id])
    #expect(page.matching == 3)
    #expect(page.counts == TodoCounts(total: 3, open: 2))
    #expect(page.overdue == 1)
  }

  @Test("readPage of a page past the end answers no rows, with the counts")
  func readPagePastTheEnd() async throws {
    _ = try #require(await harness.add("only"))
    let messages = await harness.run(
      .readPage(TodoListQuery(page: 5, pageSize: 10), at: harness.time.now, owner: Users.alice))
    guard case .pageRead(let page, _, Users.alice)? = messages.first else {
      Issue.record("readPage answered \(messages)")
      return
    }
    #expect(page.rows.isEmpty)
    #expect(page.matching == 1)
  }

  // MARK: - Changes

  @Test("rename stores the validated title and the change time")
  func rename() async throws {
    let item = try #require(await harness.add("old"))
    harness.time.advance(by: 60)
    let messages = await harness.run(.rename(item.id, title: .valid(" new "), owner: Users.alice))
    var expected = item
    expected.title = "new"
    expected.updatedAt = harness.time.now
    #expect(messages == [.renamed(expected, owner: Users.alice)])
    #expect(await harness.load() == [expected])
  }

  @Test("toggle flips done and stores the change time")
  func toggle() async throws {
    let item = try #require(await harness.add("task"))
    harness.time.advance(by: 5)
    var done = item
    done.isDone = true
    done.updatedAt = harness.time.now
    #expect(await harness.run(.toggle(item.id, owner: Users.alice)) == [.toggled(done, owner: Users.alice)])
    var undone = done
    undone.isDone = false
    #expect(await harness.run(.toggle(item.id, owner: Users.alice)) == [.toggled(undone, owner: Users.alice)])
  }

  @Test("setDone sets done to the given value")
  func setDone() async throws {
    let item = try #require(await harness.add("task"))
    var done = item
    done.isDone = true
    #expect(
      await harness.run(.setDone(item.id, true, owner: Users.alice)) == [.toggled(done, owner: Users.alice)])
    #expect(
      await harness.run(.setDone(item.id, true, owner: Users.alice)) == [.toggled(done, owner: Users.alice)])
  }

  @Test("setDueDate sets and removes the due date")
  func setDueDate() async throws {
    let item = try #require(await harness.add("task"))
    let due = Date(timeIntervalSince1970: 1_800_000_000)
    var withDue = item
    withDue.dueDate = due
    #expect(
      await harness.run(.setDueDate(item.id, due, owner: Users.alice)) == [
        .dueDateChanged(withDue, owner: Users.alice)
      ])
    #expect(
      await harness.run(.setDueDate(item.id, nil, owner: Users.alice)) == [
        .dueDateChanged(item, owner: Users.alice)
      ])
  }

  @Test("remove deletes the item")
  func remove() async throws {
    let item = try #require(await harness.add("task"))
    #expect(
      await harness.run(.remove(item.id, owner: Users.alice)) == [.removed([item.id], owner: Users.alice)])
    #expect(await harness.load().isEmpty)
  }

  @Test("rm of several items answers one message naming them all, so the list loses them in one update")
  func removeItemsIsOneResult() async throws {
    var ids: [TodoID] = []
    for title in ["a", "b", "c", "d"] { ids.append(try #require(await harness.add(title)).id) }
    let doomed = [ids[2], ids[0], ids[3]]
    #expect(
      await harness.run(.removeItems(doomed, owner: Users.alice)) == [.removed(doomed, owner: Users.alice)])
    #expect(await harness.load().map(\.id) == [ids[1]])
  }

  @Test("rm of several items that names another user's item deletes none: that item is not found")
  func removeItemsOfAnotherUser() async throws {
    let mine = try #require(await harness.add("mine"))
    let bobs = try #require(await harness.add("bob's", for: Users.bob))
    #expect(
      await harness.run(.removeItems([mine.id, bobs.id], owner: Users.alice))
        == [.failed(.notFound(bobs.id), owner: Users.alice)])
    #expect(await harness.load() == [mine])
    #expect(await harness.load(Users.bob) == [bobs])
  }

  @Test("clearCompleted deletes the user's done items only, and names them in display order")
  func clearCompleted() async throws {
    let first = try #require(await harness.add("first"))
    harness.time.advance(by: 1)
    let second = try #require(await harness.add("second"))
    harness.time.advance(by: 1)
    let third = try #require(await harness.add("third"))
    let bobs = try #require(await harness.add("Bob's", for: Users.bob))
    for id in [third.id, first.id] { _ = await harness.run(.setDone(id, true, owner: Users.alice)) }
    _ = await harness.run(.setDone(bobs.id, true, owner: Users.bob))
    #expect(
      await harness.run(.clearCompleted(owner: Users.alice)) == [
        .clearedCompleted([first.id, third.id], owner: Users.alice)
      ])
    #expect(await harness.load() == [second])
    #expect(await harness.load(Users.bob).map(\.id) == [bobs.id])
  }

  @Test("a command on an unknown item, or on another user's item, fails with notFound and changes nothing")
  func notFound() async throws {
    let bobs = try #require(await harness.add("Bob's", for: Users.bob))
    let missing = TodoID(rawValue: "missing")
    for id in [missing, bobs.id] {
      let commands: [TodoCommand] = [
        .rename(id, title: .valid("mine"), owner: Users.alice), .toggle(id, owner: Users.alice),
        .setDone(id, true, owner: Users.alice), .setDueDate(id, nil, owner: Users.alice),
        .remove(id, owner: Users.alice),
      ]
      for command in commands {
        #expect(await harness.run(command) == [.failed(.notFound(id), owner: Users.alice)], "\(command)")
      }
    }
    #expect(await harness.load(Users.bob) == [bobs])
  }

  @Test("a database failure is reported as a storage failure")
  func storageFailure() async throws {
    let unmigrated = TodoInterpreter(database: try DatabaseQueue())
    let recorder = MessageRecorder()
    await unmigrated.interpret(.load(Users.alice), dispatch: recorder.dispatch())
    let messages = recorder.messages(of: TodoMessage.self)
    guard case .failed(.storage(let reason), Users.alice)? = messages.first, messages.count == 1 else {
      Issue.record("Expected one storage failure, got \(messages)")
      return
    }
    #expect(reason.contains("no such table: todo_item"))
  }

  @Test("every failure names the user whose command failed")
  func failureOwner() async {
    #expect(
      await harness.run(.rename(TodoID(rawValue: "missing"), title: .valid("t"), owner: Users.bob))
        == [.failed(.notFound(TodoID(rawValue: "missing")), owner: Users.bob)])
    #expect(
      await harness.run(.exportCSV(path: "/nonexistent-folder/out.csv", owner: Users.bob))
        == [
          .failed(
            .fileUnreadable(path: "/nonexistent-folder/out.csv", reason: "the file cannot be created"),
            owner: Users.bob)
        ])
  }
}
