import AuthenticationAPI
import Foundation
import GRDB
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("TodoSearchIndex: finding items by the words of their titles")
struct TodoSearchIndexTests {
  private let harness: Harness

  init() throws { harness = try Harness() }

  /// The titles a search of `text` finds for `owner`, best first, and how many match in all.
  private func find(
    _ text: String, offset: Int = 0, limit: Int? = nil, for owner: UserID = Users.alice
  ) async -> (titles: [String], total: Int) {
    let search = TodoSearch(text: text, offset: offset, limit: limit)
    let messages = await harness.run(.search(search, owner: owner))
    guard case .found(let result, owner)? = messages.first, messages.count == 1, result.search == search
    else {
      Issue.record("Searching \"\(text)\" answered \(messages)")
      return ([], -1)
    }
    return (result.items.map(\.title.text), result.total)
  }

  /// Adds items with these titles, one second apart, in order.
  private func add(_ titles: String..., for owner: UserID = Users.alice) async {
    for title in titles {
      _ = await harness.add(title, for: owner)
      harness.time.advance(by: 1)
    }
  }

  // MARK: - Matching and ranking

  @Test("a search finds the items holding every word, the best match first, ties in the order stored")
  func ranking() async {
    await add(
      "Buy bread for the week and for the weekend trip", "Call the bank", "milk", "Buy milk",
      "Buy oat milk for the office kitchen and the flat", "Pour milk")
    #expect(
      await find("milk")
        == (["milk", "Buy milk", "Pour milk", "Buy oat milk for the office kitchen and the flat"], 4))
    #expect(await find("buy milk") == (["Buy milk", "Buy oat milk for the office kitchen and the flat"], 2))
  }

  @Test("words match the starts of title words, whatever their case and accents")
  func prefixesCaseAndAccents() async {
    await add("Buy MILK", "Café with Zoë", "Pay the electricity bill")
    #expect(await find("mil").titles == ["Buy MILK"])
    #expect(await find("CAFE zoe").titles == ["Café with Zoë"])
    #expect(await find("city").titles == [], "a word matches the start of a title word, not its middle")
  }

  @Test("quotes and FTS5 operators typed by the user are words, not syntax; no word finds nothing")
  func operatorsAreWords() async {
    await add("Read \"NEAR\" and OR notes", "Fix the -x flag")
    #expect(await find("\"near").titles == ["Read \"NEAR\" and OR notes"])
    #expect(await find("NEAR(read notes)").titles == ["Read \"NEAR\" and OR notes"])
    #expect(await find("-x").titles == ["Fix the -x flag"])
    #expect(await find("title:fix").titles == [])
    #expect(await find("  ?! -- ") == ([], 0))
  }

  @Test("a page holds at most its limit, from its offset; the total counts every match")
  func paging() async {
    await add("task 1", "task 2", "task 3", "task 4", "task 5")
    #expect(await find("task", offset: 0, limit: 2) == (["task 1", "task 2"], 5))
    #expect(await find("task", offset: 4, limit: 2) == (["task 5"], 5))
    #expect(await find("task", offset: 6, limit: 2) == ([], 5))
  }

  @Test("a search reads only the searching user's items")
  func userIsolation() async {
    await add("Alice's milk", for: Users.alice)
    await add("Bob's milk", "Bob's other milk", for: Users.bob)
    #expect(await find("milk", for: Users.alice) == (["Alice's milk"], 1))
    #expect(await find("milk", for: Users.bob).total == 2)
    #expect(await find("bob", for: Users.alice) == ([], 0))
  }

  // MARK: - Kept in step with the items

  @Test("renaming, removing and clearing done items change what a search finds at once")
  func keptInStepWithChanges() async throws {
    let milk = try #require(await harness.add("Buy milk"))
    let bread = try #require(await harness.add("Buy bread"))
    _ = await harness.run(.rename(milk.id, title: .valid("Buy cheese"), owner: Users.alice))
    #expect(await find("milk").titles == [])
    #expect(await find("cheese").titles == ["Buy cheese"])
    _ = await harness.run(.remove(milk.id, owner: Users.alice))
    #expect(await find("buy").titles == ["Buy bread"])
    _ = await harness.run(.setDone(bread.id, true, owner: Users.alice))
    #expect(await find("bread").titles == ["Buy bread"], "a toggle leaves the index alone")
    _ = await harness.run(.clearCompleted(owner: Users.alice))
    #expect(await find("buy") == ([], 0))
  }

  @Test("an import indexes its new rows and re-indexes the rows it replaces")
  func keptInStepWithImport() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let milk = try #require(await harness.add("Buy milk"))
    let path = folder.path("in.csv")
    try """
    id,title,done,due,created,updated
    \(milk.id.rawValue),Buy cheese,false,,,
    ,Water the plants,false,,,

    """.write(toFile: path, atomically: true, encoding: .utf8)
    _ = await harness.runImport(path)
    #expect(await find("milk").titles == [])
    #expect(await find("cheese").titles == ["Buy cheese"])
    #expect(await find("plants").titles == ["Water the plants"])
  }

  @Test("the migration that creates the index indexes the items stored before it")
  func migrationIndexesExistingItems() async throws {
    let database = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    TodoDatabase.registerMigrations(in: &migrator)
    try migrator.migrate(database, upTo: "todo.v2")
    try await database.write { db in
      try db.execute(
        sql: """
          INSERT INTO todo_item VALUES (1, 'a', 'Buy milk', 0, NULL, 0, 0), (1, 'b', 'Buy bread', 0, NULL, 1, 1),
            (2, 'c', 'Bob''s milk', 0, NULL, 0, 0)
          """)
    }
    let migrated = try Harness(database: database)
    let result = await migrated.run(.search(TodoSearch(text: "milk"), owner: Users.alice))
    #expect(result.count == 1)
    guard case .found(let found, _)? = result.first else { return }
    #expect(found.items.map(\.id.rawValue) == ["a"])
    #expect(found.total == 1)
  }

  @Test("a removed item leaves no key behind, and the index stays well formed")
  func removedItemsLeaveNoKey() async throws {
    let first = try #require(await harness.add("one two"))
    _ = await harness.add("two three")
    _ = await harness.run(.rename(first.id, title: .valid("four"), owner: Users.alice))
    _ = await harness.run(.remove(first.id, owner: Users.alice))
    try await harness.database.write { db in
      try db.execute(sql: "INSERT INTO todo_search (todo_search) VALUES ('integrity-check')")
      #expect(try String.fetchAll(db, sql: "SELECT id FROM todo_search_key") == ["id-2"])
    }
  }
}
