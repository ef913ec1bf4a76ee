import Foundation
import GRDB
import Testing

/// Reads the app's database from a test, as another process would.
enum StoredItems {
  /// Polls the database (pausing between reads) until the to-do table has a row.
  static func waitForRows(in databasePath: String, timeout: TimeInterval = 120) async throws {
    let database = try DatabaseQueue(path: databasePath)
    defer { try? database.close() }
    let deadline = Date().addingTimeInterval(timeout)
    while try await database.read({ try Int.fetchOne($0, sql: "SELECT count(*) FROM todo_item") ?? 0 }) == 0 {
      guard Date() < deadline else {
        Issue.record("No row reached the database in \(timeout) s.")
        return
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Adds an item, as another program would, to the list of the owner of the item titled `neighbour`,
  /// after every item of that list.
  static func insert(title: String, nextTo neighbour: String, in databasePath: String) throws {
    let database = try DatabaseQueue(path: databasePath)
    defer { try? database.close() }
    try database.write { db in
      try db.execute(
        sql: """
          INSERT INTO todo_item (owner, id, title, done, due, created, updated)
          SELECT owner, 'elsewhere', ?, 0, NULL, created + 1, created + 1
          FROM todo_item WHERE title = ?
          """, arguments: [title, neighbour])
    }
  }

  /// The rows of the to-do table written by ``AppProcess/writeCSV(rows:to:)``: their numbers, and
  /// those whose title or done flag do not match that number's row.
  static func imported(in databasePath: String) throws -> (numbers: [Int], broken: [String]) {
    let database = try DatabaseQueue(path: databasePath)
    defer { try? database.close() }
    let rows = try database.read { db in try Row.fetchAll(db, sql: "SELECT id, title, done FROM todo_item") }
    var numbers: [Int] = []
    var broken: [String] = []
    for row in rows {
      let id: String = row["id"]
      guard let number = Int(id.dropFirst("item-".count)), id.hasPrefix("item-") else {
        broken.append(id)
        continue
      }
      numbers.append(number)
      if row["title"] as String != "Task number \(number)" || row["done"] as Bool != (number % 3 == 0) {
        broken.append(id)
      }
    }
    return (numbers.sorted(), broken)
  }

  /// Checks that an import stopped by a signal said how far it got, a lower bound of what the
  /// database holds (the user had no item before), fewer rows than the file, the file's first N
  /// rows, whole; and that the list was not reloaded before the exit.
  static func expectStoppedImport(
    in databasePath: String, output: String, fileRows: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let reported = try #require(
      output.firstMatch(of: /stopped at \d+% of the file: at least ([\d,]+) rows? (?:was|were) stored\./).map
      {
        Int($0.1.filter(\.isNumber)) ?? -1
      }, "no stop in: \(output.suffix(2_000))", sourceLocation: sourceLocation)
    #expect(!output.contains("Import cancelled; reloading"), sourceLocation: sourceLocation)
    let stored = try imported(in: databasePath)
    #expect(stored.numbers.count >= reported, sourceLocation: sourceLocation)
    #expect(stored.numbers.count < fileRows, "the import was not stopped", sourceLocation: sourceLocation)
    #expect(
      stored.numbers == Array(0..<stored.numbers.count), "not a prefix of the file",
      sourceLocation: sourceLocation)
    #expect(stored.broken.isEmpty, sourceLocation: sourceLocation)
  }

  /// Checks that an import stopped part way: the list reloaded after "Import cancelled" counts what
  /// the database holds (the user had no item before), fewer rows than the file, and those are the
  /// file's first N rows, whole.
  static func expectCancelledImport(
    in databasePath: String, output: String, fileRows: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let reported = try #require(
      reloadedCount(in: output), "no cancellation in: \(output.suffix(2_000))", sourceLocation: sourceLocation
    )
    let stored = try imported(in: databasePath)
    #expect(stored.numbers.count == reported, sourceLocation: sourceLocation)
    #expect(reported < fileRows, "the import was not stopped", sourceLocation: sourceLocation)
    #expect(
      stored.numbers == Array(0..<stored.numbers.count), "not a prefix of the file",
      sourceLocation: sourceLocation)
    #expect(stored.broken.isEmpty, sourceLocation: sourceLocation)
  }

  /// How many items the list reloaded after "Import cancelled" holds, as the app prints it
  /// ("You have 5,000 items", grouped by thousands; "Your list is empty"), or `nil` if the output
  /// has no such reload.
  static func reloadedCount(in output: String) -> Int? {
    output.firstMatch(
      of:
        /Import cancelled; reloading the list to show what was stored\.\n(?:You have ([\d,]+) items?|Your list is empty)/
    ).map { Int(($0.1 ?? "0").filter(\.isNumber)) ?? -1 }
  }
}
