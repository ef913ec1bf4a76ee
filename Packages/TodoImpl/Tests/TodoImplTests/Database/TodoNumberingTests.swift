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

  @Test("a peek reads a page with the last listing's numbers and, unlike a listing, leaves them as they are")
  func peekIsNoListing() async throws {
    let harness = try Harness()
    let items = await add(["a", "b", "c"], to: harness)
    await list(harness)
    _ = await harness.run(.remove(items[0].id, owner: Users.alice))
    _ = await harness.run(.toggle(items[2].id, owner: Users.alice))
    let done = TodoListQuery(filter: .done, pageSize: 3)
    let peeked = await harness.run(.peekPage(done, at: harness.time.now, owner: Users.alice))
    guard case .pagePeeked(let page, _, Users.alice)? = peeked.first, peeked.count == 1 else {
      Issue.record("peek answered \(peeked)")
      return
    }
    #expect(page.query == done)
    #expect(page.matching == 1)
    #expect(page.rows.map { "\($0.number) \($0.item.title)" } == ["3 c"])
    // Number 1 still names the item deleted since the listing: the peek renumbered nothing.
    #expect(
      await harness.run(.lookUp([1], owner: Users.alice)) == [
        .lookedUp([TodoNumberLookup(number: 1, named: .gone)], owner: Users.alice)
      ])
    await list(harness)
    #expect(try numbers(harness) == ["b": 1, "c": 2])
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
    "add answers the number its item takes, and find the numbers of its matches: after a listing and a deletion, the listing's numbers, the deleted one still taken"
  )
  func addAndFindSayTheNumbers() async throws {
    let harness = try Harness()
    let items = await add(["apple a", "apple b", "apple c"], to: harness)
    await list(harness)
    _ = await harness.run(.remove(items[0].id, owner: Users.alice))
    harness.time.advance(by: 1)
    let added = await harness.run(.add(title: .valid("apple d"), dueDate: nil, owner: Users.alice))
    guard case .added(let item, let number, _)? = added.first else {
      Issue.record("add answered \(added)")
      return
    }
    #expect(number == 4)
    #expect(try numbers(harness)["\(item.title)"] == 4)
    let found = await harness.run(.search(TodoSearch(text: "apple"), owner: Users.alice))
    guard case .found(let result, _)? = found.first else {
      Issue.record("find answered \(found)")
      return
    }
    #expect(
      Dictionary(uniqueKeysWithValues: result.rows.map { ("\($0.item.title)", $0.number) })
        == ["apple b": 2, "apple c": 3, "apple d": 4])
    // Created before the others (the clock went back): late, it takes the next number all the same.
    harness.time.advance(by: -3_600)
    let late = await harness.run(.add(title: .valid("apple e"), dueDate: nil, owner: Users.alice))
    guard case .added(_, let lateNumber, _)? = late.first else {
      Issue.record("add answered \(late)")
      return
    }
    #expect(lateNumber == 5)
    #expect(try numbers(harness)["apple e"] == 5)
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
            TodoNumberLookup(number: 1, named: .item(items[0])),
            // A number that names nothing says how long the list is: a, c and d.
            TodoNumberLookup(number: 5, named: .unknown, listLength: 3),
            TodoNumberLookup(number: 0, named: .unknown, listLength: 3),
            TodoNumberLookup(number: -3, named: .unknown, listLength: 3),
          ], owner: Users.alice)
      ])
    #expect(
      await harness.run(.lookUp([1], owner: Users.bob)) == [
        .lookedUp([TodoNumberLookup(number: 1, named: .unknown, listLength: 0)], owner: Users.bob)
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
    "a whole list of more than a hundred items, counted in one pass, keeps the numbers of items deleted since the listing taken, and numbers older items imported since after them"
  )
  func wholeListInOnePass() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let harness = try Harness()
    let start = harness.time.now
    let items = await add((1...150).map { "item \($0)" }, to: harness)
    await list(harness)
    let deleted = [0, 1, 70, 149].map { items[$0].id }
    _ = await harness.run(.removeItems(deleted, owner: Users.alice))
    var expected: [String: Int] = [:]
    for (index, item) in items.enumerated() where !deleted.contains(item.id) {
      expected["\(item.title)"] = index + 1
    }
    #expect(try numbers(harness) == expected)
    let path = try csv(
      ["old 2", "old 1"], created: [start.addingTimeInterval(50.5), start.addingTimeInterval(-1)], in: folder,
      name: "old.csv")
    _ = await harness.runImport(path)
    expected["old 1"] = 151
    expected["old 2"] = 152
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
            TodoNumberLookup(number: 4, named: .unknown, listLength: 3),
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

  /// Writes a CSV of new items, titled `titles` and created at `created`, for an import.
  private func csv(
    _ titles: [String], created: [Date], in folder: TemporaryFolder, name: String
  ) throws -> String {
    let format = ISO8601DateFormatter()
    format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    var text = "id,title,done,due,created,updated\n"
    for (title, date) in zip(titles, created) {
      let time = format.string(from: date)
      text += "\(title.replacingOccurrences(of: " ", with: "-")),\(title),false,,\(time),\(time)\n"
    }
    let path = folder.path(name)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(
    "items imported after a listing with older creation times are numbered after the listed ones, in creation order; items added next come after them; a deleted one keeps its number taken and an undo gives it back"
  )
  func lateItems() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let harness = try Harness()
    let start = harness.time.now
    _ = await add(["a", "b", "c"], to: harness)
    await list(harness)
    let path = try csv(
      ["y", "x"], created: [start.addingTimeInterval(-10), start.addingTimeInterval(-20)], in: folder,
      name: "old.csv")
    let imported = await harness.runImport(path)
    guard case .importFinished? = imported.last else {
      Issue.record("import answered \(imported)")
      return
    }
    #expect(try numbers(harness) == ["a": 1, "b": 2, "c": 3, "x": 4, "y": 5])
    _ = await add(["d"], to: harness)
    #expect(try numbers(harness) == ["a": 1, "b": 2, "c": 3, "x": 4, "y": 5, "d": 6])
    let x = try #require(await harness.run(.lookUp([4], owner: Users.alice)).first)
    guard case .lookedUp(let answers, _) = x, case .item(let item)? = answers.first?.named else {
      Issue.record("4 names \(x)")
      return
    }
    _ = await harness.run(.remove(item.id, owner: Users.alice))
    #expect(try numbers(harness) == ["a": 1, "b": 2, "c": 3, "y": 5, "d": 6])
    #expect(
      await harness.run(.lookUp([4, 7], owner: Users.alice)) == [
        .lookedUp(
          [TodoNumberLookup(number: 4, named: .gone), .init(number: 7, named: .unknown, listLength: 5)],
          owner: Users.alice)
      ])
    _ = await harness.run(.undo(owner: Users.alice))  // the rm of x
    #expect(try numbers(harness) == ["a": 1, "b": 2, "c": 3, "x": 4, "y": 5, "d": 6])
    _ = await harness.run(.undo(owner: Users.alice))  // the add of d
    _ = await harness.run(.undo(owner: Users.alice))  // the import
    #expect(try numbers(harness) == ["a": 1, "b": 2, "c": 3])
    await list(harness)
    #expect(try numbers(harness) == ["a": 1, "b": 2, "c": 3])
    _ = try await harness.runImport(csv(["z"], created: [start], in: folder, name: "z.csv"))
    #expect(try numbers(harness) == ["a": 1, "b": 2, "c": 3, "z": 4])
    await list(harness)
    #expect(try numbers(harness) == ["z": 1, "a": 2, "b": 3, "c": 4])
  }

  @Test(
    "an item deleted before a listing and put back by an undo takes the next number; an item added with an earlier clock does too"
  )
  func restoredFromBeforeTheListing() async throws {
    let harness = try Harness()
    let items = await add(["a", "b", "c"], to: harness)
    _ = await harness.run(.remove(items[1].id, owner: Users.alice))
    await list(harness)
    #expect(try numbers(harness) == ["a": 1, "c": 2])
    _ = await harness.run(.undo(owner: Users.alice))
    #expect(try numbers(harness) == ["a": 1, "c": 2, "b": 3])
    await list(harness)
    #expect(try numbers(harness) == ["a": 1, "b": 2, "c": 3])
    harness.time.advance(by: -60)
    _ = await add(["early"], to: harness)
    #expect(try numbers(harness) == ["a": 1, "b": 2, "c": 3, "early": 4])
    _ = await add(["next"], to: harness)
    #expect(try numbers(harness) == ["a": 1, "b": 2, "c": 3, "early": 4, "next": 5])
  }

  @Test(
    "200 random sessions of listings, adds, imports of older items, deletions and undos of any step: every number, and what every number names, is what the Taskwarrior rule gives"
  )
  func randomSessions() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var random = SeededGenerator(seed: 9)
    for round in 0..<200 {
      let harness = try Harness()
      let start = harness.time.now
      // The rule: a listing numbers the items in creation order; the numbers stay until the next
      // listing; an item stored since (added, imported, put back by an undo) takes the next number
      // unless it has one (a batch in creation order); a deleted one keeps its number taken.
      var numbered: [String] = []
      var stored: [String: TodoItem] = [:]
      // What undo reverts, last first: an add, an import (its titles) or a deletion.
      var undoable: [(kind: Character, titles: [String])] = []
      var counter = 0
      var log: [String] = []
      func take(_ items: [TodoItem]) {
        for item in items.sorted(by: TodoItem.displayOrder) {
          stored["\(item.title)"] = item
          if !numbered.contains("\(item.title)") { numbered.append("\(item.title)") }
        }
      }
      for _ in 0..<Int.random(in: 1...30, using: &random) {
        switch Int.random(in: 0..<12, using: &random) {
        case 0:
          await list(harness)
          numbered = stored.values.sorted(by: TodoItem.displayOrder).map { "\($0.title)" }
          log.append("list")
        case 1...3:
          counter += 1
          let title = "item \(counter)"
          guard let item = await add([title], to: harness).first else { return }
          take([item])
          undoable.append(("a", [title]))
          log.append("add \(title)")
        case 4...5:
          // One to three items created at random times since the session began, some before items
          // already there; half a second apart from every item added.
          let titles = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            counter += 1
            return "item \(counter)"
          }
          let span = Int(harness.time.now.timeIntervalSince(start)) + 1
          let created = titles.map { _ in
            start.addingTimeInterval(Double(Int.random(in: 0..<span, using: &random)) + 0.5)
          }
          let path = try csv(titles, created: created, in: folder, name: "\(round)-\(counter).csv")
          let answer = await harness.runImport(path)
          guard case .importFinished? = answer.last else {
            Issue.record("import: \(answer)")
            return
          }
          let items = try await harness.database.read { db in try TodoTable.items(of: Users.alice, in: db) }
          take(items.filter { titles.contains("\($0.title)") })
          undoable.append(("i", titles))
          log.append("import \(titles.joined(separator: ", "))")
        case 6...8:
          guard let title = stored.keys.sorted().randomElement(using: &random), let item = stored[title]
          else {
            continue
          }
          _ = await harness.run(.remove(item.id, owner: Users.alice))
          stored[title] = nil
          undoable.append(("r", [title]))
          log.append("rm \(title)")
        default:
          guard let last = undoable.popLast() else { continue }
          let answer = await harness.run(.undo(owner: Users.alice))
          guard case .undone(let undo, _)? = answer.first else {
            Issue.record("undo: \(answer)")
            return
          }
          if last.kind == "r" {
            take(undo.restored)
          } else {
            for title in last.titles { stored[title] = nil }
          }
          log.append("undo")
        }
        let expected = Dictionary(
          uniqueKeysWithValues: stored.keys.map { title in (title, numbered.firstIndex(of: title)! + 1) })
        let actual = try numbers(harness)
        #expect(actual == expected, "round \(round): \(log.joined(separator: ", "))")
        if actual != expected { return }
        // And the other way: what each number names, one past the last included.
        let named = Array(1...(numbered.count + 1)).map { number -> TodoNumberLookup in
          guard number <= numbered.count else {
            return TodoNumberLookup(number: number, named: .unknown, listLength: stored.count)
          }
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
