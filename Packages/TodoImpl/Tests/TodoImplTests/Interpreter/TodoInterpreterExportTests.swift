import AuthenticationAPI
import Foundation
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
      await harness.run(.exportCSV(path: path, owner: Users.alice)) == [.exportFinished(path: path, count: 2)]
    )

    let created = "2026-05-28T20:26:40Z"
    let later = "2026-05-28T20:26:41Z"
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == """
        id,title,done,due,created,updated\r
        \(first.id.rawValue),"He said ""hi"", then left",false,2026-11-22T09:30:00.500Z,\(created),\(created)\r
        \(second.id.rawValue),Thé 🍵,true,,\(later),\(later)\r

        """)
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
      let item = try #require(
        await original.add(
          title,
          due: index % 2 == 0 ? Date(timeIntervalSince1970: 1_800_000_000.001 * Double(index + 1)) : nil))
      if index % 3 == 0 { _ = await original.run(.toggle(item.id, owner: Users.alice)) }
      original.time.advance(by: 0.001)
    }
    let path = folder.path("export.csv")
    _ = await original.run(.exportCSV(path: path, owner: Users.alice))

    let copy = try Harness()
    let messages = await copy.run(.importCSV(path: path, owner: Users.alice))

    #expect(
      messages.last
        == .importFinished(
          TodoImportReport(
            path: path, imported: titles.count, skippedCount: 0, errors: [], wasCancelled: false)))
    let exported = await original.load()
    #expect(exported.count == titles.count)
    #expect(await copy.load() == exported)
  }

  @Test("an empty list exports the header alone")
  func emptyList() async throws {
    defer { folder.remove() }
    let harness = try Harness()
    let path = folder.path("empty.csv")
    #expect(
      await harness.run(.exportCSV(path: path, owner: Users.alice)) == [.exportFinished(path: path, count: 0)]
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
        == [.failed(.fileUnreadable(path: path, reason: "the file cannot be created"))])
  }
}
