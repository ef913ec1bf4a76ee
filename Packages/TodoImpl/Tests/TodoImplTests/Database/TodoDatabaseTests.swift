import GRDB
import Testing
import TodoImpl

@Suite("TodoDatabase")
struct TodoDatabaseTests {
  @Test("the migrations create the to-do table and its display index, prefixed with the feature's name")
  func schema() throws {
    let database = try DatabaseQueue()
    try TodoDatabase.migrate(database)
    var migrator = DatabaseMigrator()
    TodoDatabase.registerMigrations(in: &migrator)
    let (primaryKey, indexes, applied) = try database.read { db in
      (
        try db.primaryKey("todo_item").columns, try db.indexes(on: "todo_item").map(\.name),
        try migrator.appliedIdentifiers(db)
      )
    }
    #expect(primaryKey == ["owner", "id"])
    #expect(indexes.contains("todo_item_display"))
    #expect(applied == Set(TodoDatabase.migrationIdentifiers))
    #expect(TodoDatabase.migrationIdentifiers.allSatisfy { $0.hasPrefix("todo.") })
  }

  @Test("migrating again changes nothing, so the app may migrate at every launch")
  func idempotent() throws {
    let database = try DatabaseQueue()
    try TodoDatabase.migrate(database)
    try database.write { db in
      try db.execute(
        sql:
          "INSERT INTO todo_item (owner, id, title, done, due, created, updated) VALUES (1, 'a', 't', 0, NULL, 0, 0)"
      )
    }
    try TodoDatabase.migrate(database)
    #expect(try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM todo_item") } == 1)
  }

  @Test("the migrations join an app-wide migrator next to other features'")
  func sharedMigrator() throws {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("other.v1") { db in
      try db.execute(sql: "CREATE TABLE other_thing (id INTEGER)")
    }
    TodoDatabase.registerMigrations(in: &migrator)
    let database = try DatabaseQueue()
    try migrator.migrate(database)
    let tables = try database.read { db in
      try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'grdb_%'")
    }
    #expect(
      Set(tables) == [
        "todo_item", "todo_import_progress", "todo_search", "todo_search_key", "todo_search_data",
        "todo_search_idx", "todo_search_docsize", "todo_search_config", "todo_undo_step", "todo_undo_row",
        "todo_undo_floor", "todo_number_gone", "todo_number_late", "other_thing",
      ])
  }
}
