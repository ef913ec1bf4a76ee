import AuthenticationAPI
import Foundation
import GRDB
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("TodoInterpreter: priorities")
struct TodoInterpreterPriorityTests {
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

  @Test("a new item has no priority; setting one stores it with the change time and answers the item")
  func setPriority() async throws {
    let item = try #require(await harness.add("Pay rent"))
    #expect(item.priority == .none)
    harness.time.advance(by: 1)
    let messages = await harness.run(.setPriority(item.id, .high, owner: Users.alice))
    var expected = item
    expected.priority = .high
    expected.updatedAt = harness.time.now
    #expect(messages == [.priorityChanged(expected, owner: Users.alice)])
    #expect(await harness.load() == [expected])
  }

  @Test("another user's item is not found")
  func anotherUsersItem() async throws {
    let item = try #require(await harness.add("Pay rent", for: Users.bob))
    #expect(
      await harness.run(.setPriority(item.id, .low, owner: Users.alice))
        == [.failed(.notFound(item.id), owner: Users.alice)])
  }

  @Test("the migration that adds priorities gives the items stored before it none")
  func migration() async throws {
    let database = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    TodoDatabase.registerMigrations(in: &migrator)
    try migrator.migrate(database, upTo: "todo.v3")
    try await database.write { db in
      try db.execute(sql: "INSERT INTO todo_item VALUES (1, 'a', 'Old', 0, NULL, 0, 0)")
    }
    let migrated = try Harness(database: database)
    #expect(await migrated.load().map(\.priority) == [.none])
    await #expect(throws: DatabaseError.self) {
      try await database.write { db in try db.execute(sql: "UPDATE todo_item SET priority = 4") }
    }
  }

  @Test("export writes the priority column; importing the file back restores the priorities")
  func exportAndImport() async throws {
    defer { folder.remove() }
    let item = try #require(await harness.add("Pay rent"))
    _ = await harness.run(.setPriority(item.id, .medium, owner: Users.alice))
    _ = await harness.add("Water plants")
    let path = folder.path("out.csv")
    _ = await harness.run(.exportCSV(path: path, owner: Users.alice))
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\r\n")
    #expect(lines.first == "id,title,done,due,created,updated,priority,tags")
    #expect(
      lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).dropLast().last }
        == [
          "medium", "none",
        ])

    let other = try Harness()
    _ = await other.runImport(path)
    #expect(await other.load().map(\.priority) == [.medium, .none])
  }

  @Test("a file without the priority column imports; the items it replaces keep their priorities")
  func importWithoutPriorityKeepsPriorities() async throws {
    defer { folder.remove() }
    let item = try #require(await harness.add("Pay rent"))
    _ = await harness.run(.setPriority(item.id, .high, owner: Users.alice))
    let path = try write(
      """
      id,title,done,due,created,updated
      \(item.id.rawValue),Pay the rent,false,,,
      ,New one,false,,,

      """)
    _ = await harness.runImport(path)
    #expect(
      await harness.load().map { "\($0.title): \($0.priority)" } == ["Pay the rent: high", "New one: none"])
  }

  @Test("a file with the priority column sets it, empty meaning none; another word is a malformed row")
  func importPriorities() async throws {
    defer { folder.remove() }
    let item = try #require(await harness.add("Pay rent"))
    _ = await harness.run(.setPriority(item.id, .high, owner: Users.alice))
    let path = try write(
      """
      id,title,done,due,created,updated,priority
      \(item.id.rawValue),Pay rent,false,,,,
      ,Low one,false,,,,LOW
      ,Urgent,false,,,,urgent

      """)
    let messages = await harness.runImport(path)
    guard case .importFinished(let report, _)? = messages.last else {
      Issue.record("the import answered \(messages)")
      return
    }
    #expect(report.imported == 2)
    #expect(
      report.errors == [
        TodoImportRowError(
          line: 4, reason: "priority is \"urgent\"; expected high, medium, low, none or nothing")
      ])
    #expect(await harness.load().map { "\($0.title): \($0.priority)" } == ["Pay rent: none", "Low one: low"])
  }
}
