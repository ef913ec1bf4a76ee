import AuthenticationAPI
import CoreTesting
import Foundation
import GRDB
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("TodoInterpreter: CSV import of broken files and failing databases")
struct TodoInterpreterImportFailureTests {
  private let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  private func write(_ text: String) throws -> String {
    let path = folder.path("in.csv")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func ids(_ harness: Harness) throws -> [String] {
    try harness.database.read { db in
      try String.fetchAll(
        db, sql: "SELECT id FROM todo_item WHERE owner = ? ORDER BY created, id",
        arguments: [Users.alice.rawValue])
    }
  }

  private func report(
    _ path: String, imported: Int, errors: [TodoImportRowError]
  ) -> TodoMessage {
    .importFinished(
      TodoImportReport(path: path, run: 1, imported: imported, skippedCount: errors.count, errors: errors),
      owner: Users.alice)
  }

  // MARK: - A quote left open

  @Test("a quote left open mid-file is reported on its line, and every row after it is imported")
  func quoteLeftOpenMidFile() async throws {
    defer { folder.remove() }
    let path = try write(
      """
      id,title,done,due,created,updated
      1,first,false,,2026-01-01T00:00:01Z,
      2,"oops,false,,2026-01-01T00:00:02Z,
      3,third,false,,2026-01-01T00:00:03Z,
      4,fourth,true,,2026-01-01T00:00:04Z,

      """)
    let harness = try Harness()

    let messages = await harness.runImport(path)

    #expect(
      messages.last
        == report(
          path, imported: 3,
          errors: [
            TodoImportRowError(line: 3, reason: "a quoted field is not closed before the end of the file")
          ]))
    #expect(try ids(harness) == ["1", "3", "4"])
  }

  @Test(
    "a quote left open that a later row's quote seems to close is reported; the rows between are imported"
  )
  func quoteLeftOpenClosedLater() async throws {
    defer { folder.remove() }
    let path = try write(
      """
      id,title,done,due,created,updated
      1,first,false,,2026-01-01T00:00:01Z,
      2,"oops,false,,2026-01-01T00:00:02Z,
      3,third,false,,2026-01-01T00:00:03Z,
      4,"fourth, with a comma",true,,2026-01-01T00:00:04Z,
      5,fifth,false,,2026-01-01T00:00:05Z,

      """)
    let harness = try Harness()

    let messages = await harness.runImport(path)

    let reason =
      "a quoted field opened on this line runs on to line 5, where there is text after a closing quote"
    #expect(messages.last == report(path, imported: 4, errors: [TodoImportRowError(line: 3, reason: reason)]))
    #expect(try ids(harness) == ["1", "3", "4", "5"])
    #expect(await harness.load().map(\.title) == ["first", "third", "fourth, with a comma", "fifth"])
  }

  // MARK: - Identities

  @Test("rows whose identity is unusable are skipped, each reported on its line with the reason")
  func unusableIDs() async throws {
    defer { folder.remove() }
    let long = String(repeating: "x", count: 129)
    let path = try write(
      #"""
      id,title,done,due,created,updated
      ok,fine,false,,,
      \#(long),too long,false,,,
      "tab\#there",control,false,,,
      " padded",spaces,false,,,
      "line
      break",control,false,,,
      "a,""b""",fine too,false,,,

      """#)
    let harness = try Harness()

    let messages = await harness.runImport(path)

    let control = "id contains a control character (such as a line break or a tab)"
    #expect(
      messages.last
        == report(
          path, imported: 2,
          errors: [
            TodoImportRowError(line: 3, reason: "id is 129 characters long; the limit is 128"),
            TodoImportRowError(line: 4, reason: control),
            TodoImportRowError(line: 5, reason: "id \" padded\" starts or ends with whitespace"),
            TodoImportRowError(line: 6, reason: control),
          ]))
    #expect(try Set(ids(harness)) == ["ok", "a,\"b\""])
  }

  // MARK: - A database failure part way

  @Test(
    "a database failure rolls back its batch, keeps the ones before, reports their exact count, failure last"
  )
  func databaseFailure() async throws {
    defer { folder.remove() }
    var text = TodoCSV.headerWithoutPriority + "\n"
    for index in 0..<400 {
      text += "row-\(index),Task \(index),false,,\(GeneratedCSV.timestamp(secondsIntoJanuary: index)),\n"
    }
    let path = try write(text)
    let harness = try Harness(
      importOptions: TodoImportOptions(batchSize: 100, progressStep: 0, progressInterval: .zero))
    // The 251st row, in the third batch, fails after the batch's first 50 rows were inserted.
    try await harness.database.write { db in
      try db.execute(
        sql: """
          CREATE TRIGGER test_injected_failure BEFORE INSERT ON todo_item WHEN NEW.title = 'Task 250'
          BEGIN SELECT RAISE(ABORT, 'injected failure'); END
          """)
    }

    let messages = await harness.runImport(path)

    let progress = messages.compactMap { message -> Int? in
      if case .importProgress(let progress, Users.alice) = message { progress.imported } else { nil }
    }
    #expect(progress == [0, 100, 200])
    #expect(messages.count == progress.count + 1)
    #expect(
      messages.last
        == .importFailed(.storage("19 (constraint failed): injected failure"), run: 1, owner: Users.alice))
    #expect(try ids(harness) == (0..<200).map { "row-\($0)" })
  }
}
