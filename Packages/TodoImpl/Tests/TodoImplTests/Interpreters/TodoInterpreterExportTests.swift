import AuthenticationAPI
import CoreTesting
import Foundation
import GRDB
import Testing
import TodoAPI
import TodoImpl

@Suite("TodoInterpreter: CSV export")
struct TodoInterpreterExportTests {
  private let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  @Test("writes the header and every item of the user in display order, quoted per RFC 4180, CRLF")
  func format() async throws {
    defer { folder.remove() }
    let harness = try Harness()
    let first = try #require(
      await harness.add("He said \"hi\", then left", due: Date(timeIntervalSince1970: 1_795_339_800.5)))
    harness.time.advance(by: 1)
    _ = await harness.add("Bob's", for: Users.bob)
    let second = try #require(await harness.add("Thé 🍵"))
    _ = await harness.run(.toggle(second.id, owner: Users.alice))
    let path = folder.path("out.csv")

    #expect(
      await harness.run(.exportCSV(path: path, owner: Users.alice)) == [
        .exportFinished(path: path, count: 2, owner: Users.alice)
      ]
    )

    let created = "2026-05-28T20:26:40Z"
    let later = "2026-05-28T20:26:41Z"
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == """
        id,title,done,due,created,updated,priority,tags\r
        \(first.id.rawValue),"He said ""hi"", then left",false,2026-11-22T09:30:00.500Z,\(created),\(created),none,\r
        \(second.id.rawValue),Thé 🍵,true,,\(later),\(later),none,\r

        """)
  }

  @Test("a long export reports its progress, rising, before its result")
  func progress() async throws {
    defer { folder.remove() }
    let harness = try Harness(importOptions: TodoImportOptions(progressInterval: .zero))
    let csv = folder.path("in.csv")
    let rows = (0..<5_000).map { ",Task \($0),false,,," }
    try ([TodoCSV.headerWithoutPriority] + rows + [""]).joined(separator: "\n").write(
      toFile: csv, atomically: true, encoding: .utf8)
    _ = await harness.runImport(csv)
    let path = folder.path("out.csv")

    let messages = await harness.run(.exportCSV(path: path, owner: Users.alice))

    let fractions = messages.compactMap { message -> Double? in
      if case .exportProgress(path, let fraction, Users.alice) = message { fraction } else { nil }
    }
    #expect(fractions == [0.2, 0.4, 0.6, 0.8], "\(messages)")
    #expect(messages.last == .exportFinished(path: path, count: 5_000, owner: Users.alice))
    #expect(messages.count == fractions.count + 1)
  }

  @Test("an export imported into another database gives back the same list, field for field")
  func roundTrip() async throws {
    defer { folder.remove() }
    let original = try Harness()
    let titles = [
      "plain", "comma, inside", "\"quoted\"", "line\nbreak", "  spaced  ", "Ünïcødé 👩‍👩‍👧",
      String(repeating: "x", count: 500),
    ]
    for (index, title) in titles.enumerated() {
      // Due dates with milliseconds, within the import's cap of 3650 days ahead.
      let due = Date(timeIntervalSince1970: 1_800_000_000 + 86_400.001 * Double(index + 1))
      let item = try #require(await original.add(title, due: index % 2 == 0 ? due : nil))
      if index % 3 == 0 { _ = await original.run(.toggle(item.id, owner: Users.alice)) }
      original.time.advance(by: 0.001)
    }
    let path = folder.path("export.csv")
    _ = await original.run(.exportCSV(path: path, owner: Users.alice))

    let copy = try Harness()
    let messages = await copy.runImport(path)

    #expect(
      messages.last
        == .importFinished(
          TodoImportReport(
            path: path, run: 1, imported: titles.count, skippedCount: 0, errors: []),
          owner: Users.alice))
    let exported = await original.load()
    #expect(exported.count == titles.count)
    #expect(await copy.load() == exported)
  }

  @Test(
    "a file with quoted line breaks, doubled quotes and commas imports, exports and imports again unchanged")
  func roundTripFromFile() async throws {
    defer { folder.remove() }
    let source = folder.path("source.csv")
    try #"""
    id,title,done,due,created,updated\#r
    "a,1","He said ""hi"", then left",false,2026-11-22T09:30:00.5Z,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z\#r
    "q""2","first line
    second line",true,,2026-01-01T00:00:01Z,2026-01-02T00:00:00Z\#r
    plain,"  padded, with ""quotes"" and a comma  ",false,,2026-01-01T00:00:02Z,2026-01-01T00:00:02Z\#r
    "crlf ""id""","one\#r\#ntwo",false,,2026-01-01T00:00:03Z,2026-01-01T00:00:03Z\#r
    é 🍵,"Ünïcødé 👩‍👩‍👧, ""ok""",true,,2026-01-01T00:00:04Z,2026-01-01T00:00:04Z\#r

    """#.write(toFile: source, atomically: true, encoding: .utf8)
    let first = try Harness()
    let imported = await first.runImport(source)
    #expect(
      imported.last
        == .importFinished(
          TodoImportReport(path: source, run: 1, imported: 5, skippedCount: 0, errors: []),
          owner: Users.alice))
    let items = await first.load()
    #expect(items.map(\.id.rawValue) == ["a,1", "q\"2", "plain", "crlf \"id\"", "é 🍵"])
    #expect(
      items.map(\.title) == [
        "He said \"hi\", then left", "first line second line", "padded, with \"quotes\" and a comma",
        "one two",
        "Ünïcødé 👩‍👩‍👧, \"ok\"",
      ])

    let exported = folder.path("exported.csv")
    _ = await first.run(.exportCSV(path: exported, owner: Users.alice))
    let exportedText = try String(contentsOfFile: exported, encoding: .utf8)
    for quoted in [#""a,1""#, #""q""2""#, #""He said ""hi"", then left""#, #""crlf ""id""""#] {
      #expect(exportedText.contains(quoted), "the export quotes \(quoted)")
    }
    let second = try Harness()
    let reimported = await second.runImport(exported)
    #expect(
      reimported.last
        == .importFinished(
          TodoImportReport(path: exported, run: 1, imported: 5, skippedCount: 0, errors: []),
          owner: Users.alice))
    #expect(await second.load() == items)

    let again = folder.path("again.csv")
    _ = await second.run(.exportCSV(path: again, owner: Users.alice))
    #expect(try String(contentsOfFile: again, encoding: .utf8) == exportedText)
  }

  @Test("an export that fails part way leaves the previous file as it was")
  func failureKeepsOldFile() async throws {
    defer { folder.remove() }
    let path = folder.path("out.csv")
    try "previous export\r\n".write(toFile: path, atomically: true, encoding: .utf8)
    // No table: the failure comes after the header was written.
    let unmigrated = TodoInterpreter(database: try DatabaseQueue())
    let recorder = MessageRecorder()
    await unmigrated.interpret(.exportCSV(path: path, owner: Users.alice), dispatch: recorder.dispatch())
    let messages = recorder.messages(of: TodoMessage.self)
    guard case .failed(.storage(let reason), Users.alice)? = messages.first, messages.count == 1 else {
      Issue.record("Expected one storage failure, got \(messages)")
      return
    }
    #expect(reason.contains("no such table: todo_item"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous export\r\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.csv"])
  }

  @Test("an export replaces the previous file")
  func replacesOldFile() async throws {
    defer { folder.remove() }
    let path = folder.path("out.csv")
    try "previous export, longer than the new one\r\n".write(toFile: path, atomically: true, encoding: .utf8)
    let harness = try Harness()
    #expect(
      await harness.run(.exportCSV(path: path, owner: Users.alice))
        == [.exportFinished(path: path, count: 0, owner: Users.alice)])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == TodoCSV.header + "\r\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.csv"])
  }

  @Test("an empty list exports the header alone")
  func emptyList() async throws {
    defer { folder.remove() }
    let harness = try Harness()
    let path = folder.path("empty.csv")
    #expect(
      await harness.run(.exportCSV(path: path, owner: Users.alice)) == [
        .exportFinished(path: path, count: 0, owner: Users.alice)
      ]
    )
    #expect(try String(contentsOfFile: path, encoding: .utf8) == TodoCSV.header + "\r\n")
  }

  @Test("a file that cannot be created fails with fileUnreadable")
  func unwritable() async throws {
    defer { folder.remove() }
    let harness = try Harness()
    let path = folder.path("missing-folder/out.csv")
    #expect(
      await harness.run(.exportCSV(path: path, owner: Users.alice))
        == [.failed(.fileUnreadable(path: path, reason: "the file cannot be created"), owner: Users.alice)])
  }
}
