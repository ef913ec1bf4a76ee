import AuthenticationAPI
import Foundation
import GRDB
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("TodoInterpreter: tags")
struct TodoInterpreterTagTests {
  private let harness: Harness
  private let folder: TemporaryFolder

  init() throws {
    harness = try Harness()
    folder = try TemporaryFolder()
  }

  private func write(_ text: String) throws -> String {
    let path = folder.path("in.csv")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func tags(_ names: String...) -> [TodoTag] { names.compactMap { TodoTag($0) } }

  private func add(_ title: String, tags: [TodoTag]) async -> TodoItem? {
    let messages = await harness.run(.add(title: .valid(title), dueDate: nil, tags: tags, owner: Users.alice))
    guard case .added(let item, _, _)? = messages.first else {
      Issue.record("Adding answered \(messages)")
      return nil
    }
    return item
  }

  @Test("add stores the tags sorted, each once; load reads them back")
  func addWithTags() async throws {
    let item = try #require(await add("Buy milk", tags: tags("home", "errand", "home")))
    #expect(item.tags == tags("errand", "home"))
    #expect(await harness.load().map(\.tags) == [tags("errand", "home")])
  }

  @Test(
    "tag adds to the item's tags, untag takes some away; each stores the change time and answers the item")
  func tagAndUntag() async throws {
    let item = try #require(await add("Buy milk", tags: tags("home")))
    harness.time.advance(by: 1)
    var expected = item
    expected.tags = tags("errand", "home", "work")
    expected.updatedAt = harness.time.now
    #expect(
      await harness.run(.addTags(item.id, tags("work", "errand", "home"), owner: Users.alice))
        == [.tagsChanged(expected, owner: Users.alice)])
    expected.tags = tags("errand")
    #expect(
      await harness.run(.removeTags(item.id, tags("home", "work", "absent"), owner: Users.alice))
        == [.tagsChanged(expected, owner: Users.alice)])
    #expect(await harness.load() == [expected])
  }

  @Test("a change of tags writes inside a caller's transaction too, as a part of it")
  func insideATransaction() async throws {
    let item = try #require(await add("Buy milk", tags: tags("home")))
    let write = try #require(
      harness.interpreter.prepareChange(.addTags(item.id, tags("errand"), owner: Users.alice)))
    let message = try await harness.database.write { db in try write(db) }
    guard case .tagsChanged(let stored, _) = message else {
      Issue.record("the change answered \(message)")
      return
    }
    #expect(stored.tags == tags("errand", "home"))
    #expect(await harness.load().map(\.tags) == [tags("errand", "home")])
  }

  @Test("tagging beyond the limit fails and changes nothing; another user's item is not found")
  func limitsAndOwners() async throws {
    let many = (1...TodoTag.maximumCount).compactMap { TodoTag("t\($0)") }
    let item = try #require(await add("Busy", tags: many))
    #expect(
      await harness.run(.addTags(item.id, tags("one-more"), owner: Users.alice))
        == [
          .failed(
            .tooManyTags(count: TodoTag.maximumCount + 1, limit: TodoTag.maximumCount), owner: Users.alice)
        ])
    #expect(await harness.load() == [item])
    let bobs = try #require(await harness.add("Bob's", for: Users.bob))
    #expect(
      await harness.run(.addTags(bobs.id, tags("home"), owner: Users.alice))
        == [.failed(.notFound(bobs.id), owner: Users.alice)])
    #expect(
      await harness.run(.removeTags(bobs.id, tags("home"), owner: Users.alice))
        == [.failed(.notFound(bobs.id), owner: Users.alice)])
  }

  @Test("the migration that adds tags keeps a version-4 database's items, with none")
  func migrationFromVersion4() async throws {
    let database = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    TodoDatabase.registerMigrations(in: &migrator)
    try migrator.migrate(database, upTo: "todo.v4")
    try await database.write { db in
      try db.execute(sql: "INSERT INTO todo_item VALUES (1, 'a', 'Old milk', 0, NULL, 0, 0, 3)")
    }
    try TodoDatabase.migrate(database)
    let migrated = try Harness(database: database)
    let items = await migrated.load()
    #expect(items.map { "\($0.title) \($0.priority) \($0.tags)" } == ["Old milk high []"])
    // The search index of version 3 still finds it, and a tag changes the row it indexes.
    _ = await migrated.run(.addTags(TodoID(rawValue: "a"), tags("home"), owner: Users.alice))
    let found = await migrated.run(
      .search(TodoSearch(text: "milk", offset: 0, limit: nil), owner: Users.alice))
    guard case .found(let result, _)? = found.first else {
      Issue.record("search answered \(found)")
      return
    }
    #expect(result.items.map(\.tags) == [tags("home")])
  }

  @Test("export writes the tags column; importing the file back restores the tags")
  func exportAndImport() async throws {
    defer { folder.remove() }
    _ = try #require(await add("Buy milk", tags: tags("home", "errand")))
    _ = await harness.add("Water plants")
    let path = folder.path("out.csv")
    _ = await harness.run(.exportCSV(path: path, owner: Users.alice))
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\r\n")
    #expect(lines.first == "id,title,done,due,created,updated,priority,tags")
    #expect(
      lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).last } == [
        "errand home", "",
      ])

    let other = try Harness()
    _ = await other.runImport(path)
    #expect(await other.load().map(\.tags) == [tags("errand", "home"), []])
  }

  @Test(
    "a file without the tags column (with or without priorities) imports; the items it replaces keep their tags"
  )
  func importWithoutTagsKeepsTags() async throws {
    defer { folder.remove() }
    let item = try #require(await add("Pay rent", tags: tags("home")))
    let other = try #require(await add("Call mom", tags: tags("family")))
    let path = try write(
      """
      id,title,done,due,created,updated,priority
      \(item.id.rawValue),Pay the rent,false,,,,high
      ,New one,false,,,,

      """)
    _ = await harness.runImport(path)
    let older = try write(
      """
      id,title,done,due,created,updated
      \(other.id.rawValue),Call mum,false,,,

      """)
    _ = await harness.runImport(older, run: 2)
    #expect(
      await harness.load().map { "\($0.title): \($0.tags.map(\.description))" } == [
        "Pay the rent: [\"+home\"]", "Call mum: [\"+family\"]", "New one: []",
      ])
  }

  @Test(
    "a file's tags field sets the tags, with or without +, in any case; a word that is not a tag is a malformed row"
  )
  func importTags() async throws {
    defer { folder.remove() }
    let item = try #require(await add("Pay rent", tags: tags("home")))
    let path = try write(
      """
      id,title,done,due,created,updated,priority,tags
      \(item.id.rawValue),Pay rent,false,,,,,
      ,Tagged,false,,,,,+Work  errand work
      ,Bad,false,,,,,home +1
      ,Long,false,,,,,\(String(repeating: "a", count: TodoTag.maximumLength + 1))
      ,Many,false,,,,,\((0...TodoTag.maximumCount).map { "t\($0)" }.joined(separator: " "))

      """)
    let messages = await harness.runImport(path)
    guard case .importFinished(let report, _)? = messages.last else {
      Issue.record("the import answered \(messages)")
      return
    }
    #expect(report.imported == 2)
    #expect(
      report.errors.map(\.line) == [4, 5, 6]
        && report.errors[0].reason
          == "tags: \"+1\" is not a tag: a tag starts with a letter and holds letters, digits, - and _."
        && report.errors[1].reason
          == "tags: The tag \(String(repeating: "a", count: 33)) is 33 characters long; the limit is 32."
        && report.errors[2].reason == "tags: An item may have 16 tags; this one would have 17.",
      "\(report.errors)")
    #expect(
      await harness.load().map { "\($0.title): \(TodoTag.field($0.tags))" } == [
        "Pay rent: ", "Tagged: errand work",
      ])
  }
}
