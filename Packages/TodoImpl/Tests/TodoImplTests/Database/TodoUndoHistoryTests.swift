import AuthenticationAPI
import Foundation
import GRDB
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("TodoUndoHistory: imports and the columns of later migrations")
struct TodoUndoHistoryTests {
  private let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  private func write(_ text: String, to name: String = "in.csv") throws -> String {
    let path = folder.path(name)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func count(_ sql: String, in harness: Harness) throws -> Int {
    try harness.database.read { db in try Int.fetchOne(db, sql: sql) ?? -1 }
  }

  @Test("an import in several batches is undone as one step: its new rows go, the rows it replaced come back")
  func importAsOneStep() async throws {
    defer { folder.remove() }
    let harness = try Harness(importOptions: TodoImportOptions(batchSize: 2, progressInterval: .zero))
    let kept = try #require(await harness.add("kept"))
    let replaced = try #require(await harness.add("old title"))
    let before = await harness.load()
    let path = try write(
      """
      id,title,done,due,created,updated
      ,new one,false,,,
      \(replaced.id.rawValue),new title,true,,,
      ,new two,false,,,
      x9,new three,false,,,
      x9,new three again,false,,,
      \(replaced.id.rawValue),newer title,false,,,

      """)
    let messages = await harness.runImport(path)
    guard case .importFinished(let report, _)? = messages.last else {
      Issue.record("the import answered \(messages)")
      return
    }
    #expect(report.imported == 6)
    #expect(await harness.load().count == 5)

    let undone = await harness.run(.undo(owner: Users.alice))
    guard case .undone(let undo, _)? = undone.first else {
      Issue.record("undo answered \(undone)")
      return
    }
    #expect(undo.change == .importCSV)
    #expect(undo.subject == path)
    #expect(undo.restored == [replaced])
    #expect(undo.removed.count == 3)
    #expect(await harness.load() == before)
    // Only the replaced row had a before-image: the new ones were marked with the step.
    // (A change of one item keeps its record in its step's own row.)
    #expect(
      try count(
        "SELECT (SELECT count(*) FROM todo_undo_row) + (SELECT count(*) FROM todo_undo_step WHERE id IS NOT NULL)",
        in: harness) == 2)  // the two adds
    let search = await harness.run(.search(TodoSearch(text: "new"), owner: Users.alice))
    guard case .found(let result, _)? = search.first else { return }
    #expect(result.total == 0)
    #expect(await harness.run(.undo(owner: Users.alice)).count == 1)
    #expect(await harness.load() == [kept])
  }

  @Test("an import of new rows writes no before-image, one step for all its batches")
  func importWritesNoImages() async throws {
    defer { folder.remove() }
    let harness = try Harness(importOptions: TodoImportOptions(batchSize: 10, progressInterval: .zero))
    let rows = (0..<95).map { ",row \($0),false,,," }.joined(separator: "\n")
    _ = await harness.runImport(try write("id,title,done,due,created,updated\n" + rows + "\n"))
    #expect(try count("SELECT count(*) FROM todo_undo_row", in: harness) == 0)
    #expect(try count("SELECT count(*) FROM todo_undo_step", in: harness) == 1)
    #expect(try count("SELECT count(*) FROM todo_item WHERE import_step IS NOT NULL", in: harness) == 95)
  }

  @Test(
    "an import whose step was forgotten keeps its rows: a later step never takes its number, even with every later step undone"
  )
  func forgottenImportKeepsItsRows() async throws {
    defer { folder.remove() }
    let harness = try Harness()
    _ = await harness.runImport(
      try write("id,title,done,due,created,updated\n,first import,false,,,\n", to: "a.csv"))
    // Enough changes after it for the import's step to be forgotten.
    for index in 0..<(TodoUndo.historyLimit + TodoUndoHistory.forgettingSlack) {
      _ = await harness.add("item \(index)")
    }
    var undone = 0
    while case .undone? = await harness.run(.undo(owner: Users.alice)).first { undone += 1 }
    #expect(undone >= TodoUndo.historyLimit)
    // The import and the oldest adds, whose steps were forgotten, stay.
    let before = await harness.load()
    #expect(before.contains { $0.title == "first import" })
    // The next import's step must not find the forgotten import's rows marked as its own.
    _ = await harness.runImport(
      try write("id,title,done,due,created,updated\n,second import,false,,,\n", to: "b.csv"))
    #expect(await harness.load().count == before.count + 1)
    _ = await harness.run(.undo(owner: Users.alice))
    #expect(await harness.load() == before)
  }

  @Test("undo of an import stopped part way forgets where it stopped: importing the file again starts over")
  func undoStoppedImport() async throws {
    defer { folder.remove() }
    let harness = try Harness()
    let path = try write("id,title,done,due,created,updated\n,a,false,,,\n")
    try await harness.database.write { db in
      try ImportProgressTable.save(
        ImportProgressTable.Progress(size: 1, modified: 1, line: 2), of: Users.alice, path: path, in: db)
      _ = try TodoUndoHistory.begin(.importCSV, subject: path, owner: Users.alice, in: db)
    }
    _ = await harness.run(.undo(owner: Users.alice))
    let progress = try await harness.database.read { db in
      try ImportProgressTable.progress(of: Users.alice, path: path, in: db)
    }
    #expect(progress == nil)
  }

  @Test(
    "a column a later migration adds to todo_item is recorded and restored by undo, without a change to undo")
  func laterColumn() async throws {
    let database = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    TodoDatabase.registerMigrations(in: &migrator)
    let harness = try Harness(database: database)
    let old = try #require(await harness.add("recorded before the migration"))
    // A later migration, as a feature would add one (a note, say).
    migrator.registerMigration("test.note") { db in
      try db.execute(sql: "ALTER TABLE todo_item ADD COLUMN note TEXT NOT NULL DEFAULT 'none'")
    }
    try migrator.migrate(database)
    let item = try #require(await harness.add("with a note"))
    try await database.write { db in
      try db.execute(
        sql: "UPDATE todo_item SET note = 'call first' WHERE id = ?", arguments: [item.id.rawValue])
    }
    _ = await harness.run(.remove(item.id, owner: Users.alice))
    _ = await harness.run(.remove(old.id, owner: Users.alice))

    _ = await harness.run(.undo(owner: Users.alice))
    _ = await harness.run(.undo(owner: Users.alice))
    let notes = try await database.read { db in
      try [String: String](
        uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT id, note FROM todo_item").map {
          row -> (String, String) in (row[0], row[1])
        })
    }
    #expect(notes == [item.id.rawValue: "call first", old.id.rawValue: "none"])
    #expect(await harness.load().map(\.title) == ["recorded before the migration", "with a note"])
  }

  @Test("a before-image recorded before a column was added restores the column's default")
  func imageOlderThanColumn() async throws {
    let database = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    TodoDatabase.registerMigrations(in: &migrator)
    let harness = try Harness(database: database)
    let item = try #require(await harness.add("buy milk"))
    _ = await harness.run(.remove(item.id, owner: Users.alice))
    migrator.registerMigration("test.note") { db in
      try db.execute(sql: "ALTER TABLE todo_item ADD COLUMN note TEXT NOT NULL DEFAULT 'no note'")
    }
    try migrator.migrate(database)
    _ = await harness.run(.undo(owner: Users.alice))
    let notes = try await database.read { db in try String.fetchOne(db, sql: "SELECT note FROM todo_item") }
    #expect(notes == "no note")
    #expect(await harness.load() == [item])
  }
}
