import AuthenticationAPI
import Foundation
import GRDB
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("TodoNumbering: a number keeps meaning the item the last listing showed")
struct TodoNumberingTests {
  /// The numbers of `owner`'s items, by title, as a page of the whole list reads them (as the watch
  /// of the page shown reads it: no listing).
  private func numbers(_ harness: Harness, owner: UserID = Users.alice) throws -> [String: Int] {
    let page = try harness.database.read { db in
      try TodoDatabase.page(for: TodoListQuery(), owner: owner, now: harness.time.now, in: db)
    }
    return Dictionary(uniqueKeysWithValues: page.rows.map { ("\($0.item.title)", $0.number) })
  }

  /// Adds items with these titles, one second apart, so they are created in this order.
  private func add(_ titles: [String], to harness: Harness, owner: UserID = Users.alice) async -> [TodoItem] {
    var items: [TodoItem] = []
    for title in titles {
      harness.time.advance(by: 1)
      if let item = await harness.add(title, for: owner) { items.append(item) }
    }
    return items
  }

  private func list(_ harness: Harness, owner: UserID = Users.alice) async {
    let answer = await harness.run(.readPage(TodoListQuery(), at: harness.time.now, owner: owner))
    guard case .pageRead? = answer.first else {
      Issue.record("listing answered \(answer)")
      return
    }
  }

  @Test(
    "after a listing, a deleted item's number stays taken: the items after it keep theirs, an added item takes the next, an undo gives the item its number back, and the next listing numbers afresh"
  )
  func deletionsKeepNumbers() async throws {
    let harness = try Harness()
    let items = await add(["a", "b", "c", "d"], to: harness)
    await list(harness)
    _ = await harness.run(.remove(items[1].id, owner: Users.alice))
    #expect(try numbers(harness) == ["a": 1, "c": 3, "d": 4])
    _ = await add(["e"], to: harness)
    #expect(try numbers(harness) == ["a": 1, "c": 3, "d": 4, "e": 5])
    _ = await harness.run(.undo(owner: Users.alice))  // the add of e
    _ = await harness.run(.undo(owner: Users.alice))  // the rm of b
    #expect(try numbers(harness) == ["a": 1, "b": 2, "c": 3, "d": 4])
    _ = await harness.run(.removeItems([items[0].id, items[2].id], owner: Users.alice))
    #expect(try numbers(harness) == ["b": 2, "d": 4])
    await list(harness)
    #expect(try numbers(harness) == ["b": 1, "d": 2])
  }

  @Test(
    "a look-up answers what each number names after a listing: an item, one deleted since, one added since, nothing; each number once, in the order asked"
  )
  func lookUp() async throws {
    let harness = try Harness()
    let items = await add(["a", "b", "c"], to: harness)
    await list(harness)
    _ = await harness.run(.remove(items[1].id, owner: Users.alice))
    let added = try #require(await add(["d"], to: harness).first)
    let answer = await harness.run(.lookUp([4, 2, 1, 5, 0, -3, 4], owner: Users.alice))
    #expect(
      answer == [
        .lookedUp(
          [
            TodoNumberLookup(number: 4, named: .item(added)), TodoNumberLookup(number: 2, named: .gone),
            TodoNumberLookup(number: 1, named: .item(items[0])), TodoNumberLookup(number: 5, named: .unknown),
            TodoNumberLookup(number: 0, named: .unknown), TodoNumberLookup(number: -3, named: .unknown),
          ], owner: Users.alice)
      ])
    #expect(
      await harness.run(.lookUp([1], owner: Users.bob)) == [
        .lookedUp([TodoNumberLookup(number: 1, named: .unknown)], owner: Users.bob)
      ])
  }

  @Test(
    "before any listing, numbers count the items deleted since the list began; one user's listing renumbers no other's"
  )
  func beforeAListing() async throws {
    let harness = try Harness()
    let items = await add(["a", "b", "c"], to: harness)
    _ = await add(["x", "y"], to: harness, owner: Users.bob)
    _ = await harness.run(.remove(items[0].id, owner: Users.alice))
    #expect(try numbers(harness) == ["b": 2, "c": 3])
    await list(harness, owner: Users.bob)
    #expect(try numbers(harness) == ["b": 2, "c": 3])
    await list(harness)
    #expect(try numbers(harness) == ["b": 1, "c": 2])
    #expect(try numbers(harness, owner: Users.bob) == ["x": 1, "y": 2])
  }

  @Test(
    "a whole list of more than a hundred items, counted in one pass, keeps the numbers of items deleted since the listing taken"
  )
  func wholeListInOnePass() async throws {
    let harness = try Harness()
    let items = await add((1...150).map { "item \($0)" }, to: harness)
    await list(harness)
    let deleted = [0, 1, 70, 149].map { items[$0].id }
    _ = await harness.run(.removeItems(deleted, owner: Users.alice))
    var expected: [String: Int] = [:]
    for (index, item) in items.enumerated() where !deleted.contains(item.id) {
      expected["\(item.title)"] = index + 1
    }
    #expect(try numbers(harness) == expected)
  }

  @Test(
    "an item stored again with the key of its mark (an import of a file that still holds it) has its number again"
  )
  func storedAgain() async throws {
    let harness = try Harness()
    let items = await add(["a", "b", "c"], to: harness)
    await list(harness)
    _ = await harness.run(.remove(items[1].id, owner: Users.alice))
    let row = ImportRow(
      id: items[1].id.rawValue, title: "b", isDone: false, due: nil, created: items[1].createdAt.milliseconds,
      updated: items[1].updatedAt.milliseconds, priority: nil, tags: nil)
    _ = try await harness.database.write { db in
      try TodoTable.upsert([row], owner: Users.alice, step: 0, in: db)
    }
    #expect(try numbers(harness) == ["a": 1, "b": 2, "c": 3])
    let answer = await harness.run(.lookUp([2, 3, 4], owner: Users.alice))
    #expect(
      answer == [
        .lookedUp(
          [
            TodoNumberLookup(number: 2, named: .item(items[1])),
            TodoNumberLookup(number: 3, named: .item(items[2])),
            TodoNumberLookup(number: 4, named: .unknown),
          ], owner: Users.alice)
      ])
  }

  @Test("another program's deletion, on its own connection, leaves the number taken too")
  func deletionByAnotherProgram() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let harness = try Harness(database: DatabaseQueue(path: folder.path("todo.sqlite")))
    _ = await add(["a", "b", "c"], to: harness)
    await list(harness)
    let other = try DatabaseQueue(path: folder.path("todo.sqlite"))
    try await other.write { db in try db.execute(sql: "DELETE FROM todo_item WHERE title = 'a'") }
    try other.close()
    #expect(try numbers(harness) == ["b": 2, "c": 3])
  }

  @Test(
    "200 random sessions of listings, adds, deletions and undos: every number, and what every number names, is what the Taskwarrior rule gives"
  )
  func randomSessions() async throws {
    var random = SeededGenerator(seed: 9)
    for round in 0..<200 {
      let harness = try Harness()
      // The rule: a listing numbers the items in creation order; the numbers stay until the next
      // listing; an item added takes the next number; a deleted one keeps its number taken.
      var numbered: [String] = []
      var stored: [String: TodoItem] = [:]
      // The change undo reverts next, if it was made since the last listing (an undo of an older
      // deletion puts the item back in its place in creation order: not covered, see TodoNumbering).
      var undoable: [(add: Bool, title: String)] = []
      var counter = 0
      var log: [String] = []
      for _ in 0..<Int.random(in: 1...30, using: &random) {
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
          await list(harness)
          numbered = stored.values.sorted { $0.createdAt < $1.createdAt }.map { "\($0.title)" }
          undoable = []
          log.append("list")
        case 1...4:
          counter += 1
          let title = "item \(counter)"
          guard let item = await add([title], to: harness).first else { return }
          stored[title] = item
          numbered.append(title)
          undoable.append((true, title))
          log.append("add \(title)")
        case 5...7:
          guard let title = stored.keys.sorted().randomElement(using: &random), let item = stored[title]
          else {
            continue
          }
          _ = await harness.run(.remove(item.id, owner: Users.alice))
          stored[title] = nil
          undoable.append((false, title))
          log.append("rm \(title)")
        default:
          guard let last = undoable.popLast() else { continue }
          let answer = await harness.run(.undo(owner: Users.alice))
          guard case .undone(let undo, _)? = answer.first else {
            Issue.record("undo: \(answer)")
            return
          }
          if last.add { stored[last.title] = nil } else { stored[last.title] = undo.restored.first }
          log.append("undo")
        }
        let expected = Dictionary(
          uniqueKeysWithValues: stored.keys.map { title in (title, numbered.firstIndex(of: title)! + 1) })
        let actual = try numbers(harness)
        #expect(actual == expected, "round \(round): \(log.joined(separator: ", "))")
        if actual != expected { return }
        // And the other way: what each number names, one past the last included.
        let named = Array(1...(numbered.count + 1)).map { number -> TodoNumberLookup in
          guard number <= numbered.count else { return TodoNumberLookup(number: number, named: .unknown) }
          return TodoNumberLookup(
            number: number, named: stored[numbered[number - 1]].map { .item($0) } ?? .gone)
        }
        let lookedUp = await harness.run(.lookUp(named.map(\.number), owner: Users.alice))
        #expect(
          lookedUp == [.lookedUp(named, owner: Users.alice)], "round \(round): \(log.joined(separator: ", "))"
        )
        if lookedUp != [.lookedUp(named, owner: Users.alice)] { return }
      }
    }
  }
}
