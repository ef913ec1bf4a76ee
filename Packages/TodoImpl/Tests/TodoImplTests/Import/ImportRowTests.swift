import Foundation
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("ImportRow")
struct ImportRowTests {
  private let now: Int64 = 1_795_339_800_000

  private func decode(_ fields: [String], problem: String? = nil) -> ImportRow.Decoded {
    ImportRow.decode(
      CSVRecord(line: 7, fields: fields, problem: problem, endOffset: 0), now: now,
      makeID: { TodoID(rawValue: "made") })
  }

  private func reason(_ fields: [String]) -> String? {
    if case .malformed(let error) = decode(fields) {
      error.line == 7 ? error.reason : "wrong line"
    } else {
      nil
    }
  }

  @Test("dates without a zone are local time: the time zone given, the process's by default")
  func datesWithoutZone() throws {
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let record = CSVRecord(
      line: 7, fields: ["", "t", "false", "2026-11-22T18:30:00", "", ""], problem: nil, endOffset: 0)
    let decoded = ImportRow.decode(record, now: now, makeID: { TodoID(rawValue: "made") }, timeZone: tokyo)
    #expect(
      decoded == .row(ImportRow(id: "made", title: "t", isDone: false, due: now, created: now, updated: now)))
  }

  @Test("a full row becomes a row to store, title cleaned, dates in milliseconds")
  func fullRow() {
    #expect(
      decode([
        "x1", "  Buy milk ", "true", "2026-11-22T09:30:00Z", "1970-01-01T00:00:01Z", "1970-01-01T00:00:02.5Z",
      ])
        == .row(ImportRow(id: "x1", title: "Buy milk", isDone: true, due: now, created: 1000, updated: 2500)))
  }

  @Test("a NUL character in a title makes the row malformed, reported with its line, not cut short")
  func nulInTitle() {
    #expect(
      reason(["", "null \u{0} byte", "false", "", "", ""])
        == "title holds a NUL character (␀), which SQLite would cut the title at")
  }

  @Test("an empty id gets a new identity; empty dates get no due date and the import time")
  func defaults() {
    #expect(
      decode(["", "t", "false", "", "", ""])
        == .row(ImportRow(id: "made", title: "t", isDone: false, due: nil, created: now, updated: now)))
  }

  @Test("an identity may hold spaces inside, commas, quotes and any Unicode, up to 128 characters")
  func validIDs() {
    for id in [
      "x 1", "a,b", "q\"2", "é-🍵", String(repeating: "x", count: 128), String(repeating: "é", count: 128),
    ] {
      #expect(
        decode([id, "t", "false", "", "", ""])
          == .row(ImportRow(id: id, title: "t", isDone: false, due: nil, created: now, updated: now)), "\(id)"
      )
    }
  }

  @Test("an identity longer than 128 characters is reported with its length")
  func longID() {
    #expect(
      reason([String(repeating: "é", count: 129), "t", "false", "", "", ""])
        == "id is 129 characters long; the limit is 128")
  }

  @Test(
    "an identity with a control character is reported",
    arguments: ["a\nb", "a\r\nb", "tab\there", "nul\u{0}", "del\u{7F}", "next line\u{85}"])
  func controlCharacterInID(id: String) {
    #expect(
      reason([id, "t", "false", "", "", ""])
        == "id contains a control character (such as a line break or a tab)")
  }

  @Test("an identity that starts or ends with whitespace is reported, quoted so the space shows")
  func paddedID() {
    #expect(reason([" x1", "t", "false", "", "", ""]) == "id \" x1\" starts or ends with whitespace")
    #expect(reason(["x1 ", "t", "false", "", "", ""]) == "id \"x1 \" starts or ends with whitespace")
    #expect(
      reason(["\u{3000}x1", "t", "false", "", "", ""]) == "id \"\u{3000}x1\" starts or ends with whitespace")
  }

  @Test("a row with the wrong number of fields is reported")
  func fieldCount() {
    #expect(reason(["a", "b"]) == "expected 6 fields (id,title,done,due,created,updated), found 2")
  }

  @Test("a row the parser found malformed is reported with the parser's reason")
  func parserProblem() {
    if case .malformed(let error) = decode(["a"], problem: "text after a closing quote") {
      #expect(error == TodoImportRowError(line: 7, reason: "text after a closing quote"))
    } else {
      Issue.record("expected a malformed row")
    }
  }

  @Test("a title that breaks the rules is reported with the rule")
  func titles() {
    #expect(reason(["", "   ", "false", "", "", ""]) == "The title is empty.")
    #expect(
      reason(["", String(repeating: "é", count: 501), "false", "", "", ""])
        == "The title is 501 characters long; the limit is 500.")
  }

  @Test("done must be true or false")
  func done() {
    #expect(reason(["", "t", "yes", "", "", ""]) == "done is \"yes\"; expected true or false")
    #expect(reason(["", "t", "TRUE", "", "", ""]) == "done is \"TRUE\"; expected true or false")
  }

  @Test("each date must be ISO 8601, and the reason names the column and shortens the value")
  func dates() {
    let hint = "expected an ISO 8601 date such as 2026-11-22T09:30:00Z"
    #expect(
      reason(["", "t", "true", "2026-13-01T00:00:00Z", "", ""]) == "due is \"2026-13-01T00:00:00Z\"; \(hint)")
    #expect(reason(["", "t", "true", "", "yesterday", ""]) == "created is \"yesterday\"; \(hint)")
    #expect(reason(["", "t", "true", "", "", "2026-01-01"]) == "updated is \"2026-01-01\"; \(hint)")
    let long = String(repeating: "9", count: 60)
    #expect(reason(["", "t", "true", long, "", ""]) == "due is \"\(long.prefix(40))…\"; \(hint)")
  }
}
