import Testing
import TodoAPI

@testable import TodoImpl

@Suite("ImportSession")
struct ImportSessionTests {
  private func session(batchSize: Int = 2) -> ImportSession {
    ImportSession(batchSize: batchSize, importTime: 0, makeID: { TodoID(rawValue: "new") })
  }

  private func record(_ line: Int, _ fields: [String], endOffset: Int = 0) -> CSVRecord {
    CSVRecord(line: line, fields: fields, problem: nil, endOffset: endOffset)
  }

  private let headerFields = TodoCSV.headerWithoutPriority.split(separator: ",").map(String.init)

  private func row(_ id: String) -> [String] { [id, "title \(id)", "false", "", "", ""] }

  @Test("the first record must be the header, a byte-order mark allowed")
  func header() throws {
    var plain = session()
    try plain.accept(record(1, headerFields))
    var marked = session()
    try marked.accept(record(1, ["\u{FEFF}id"] + headerFields.dropFirst()))
    var wrong = session()
    #expect(
      throws: ImportSession.HeaderError(reason: "line 1 is not the header \(TodoCSV.header)")
    ) {
      try wrong.accept(record(1, ["Buy milk", "false"]))
    }
  }

  // Each of these said "line 1 is not the header …", naming no problem (issue 59).
  @Test("a wrong header is told what is wrong: UTF-16, unknown, twice, missing or reordered columns")
  func headerProblems() {
    let expected = "the header is \(TodoCSV.header) (priority and tags may be left out)"
    let utf16 = Array("id,title".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let cases: [(CSVRecord, String)] = [
      (
        record(1, [String(decoding: [0xFF, 0xFE] + utf16, as: UTF8.self)]),
        "line 1 is not UTF-8 text (a UTF-16 file, perhaps): save the file as UTF-8; \(expected)"
      ),
      (
        CSVRecord(line: 1, fields: [], problem: "field 1 is not valid UTF-8", endOffset: 0),
        "line 1 is not UTF-8 text (a UTF-16 file, perhaps): save the file as UTF-8; \(expected)"
      ),
      (
        record(1, headerFields + ["notes"]),
        "line 1 names a column the app does not know, \"notes\"; \(expected)"
      ),
      (record(1, headerFields + ["id"]), "line 1 names the column id twice; \(expected)"),
      (record(1, ["title"]), "line 1 lacks the columns id, done, due, created, updated; \(expected)"),
      (
        record(1, ["title", "id"] + headerFields.dropFirst(2)),
        "line 1 has the columns in another order; \(expected), in that order"
      ),
      (
        record(1, ["id", "title", "done", "due", "created", "updated", "tags", "priority"]),
        "line 1 has the columns in another order; \(expected), in that order"
      ),
    ]
    for (header, reason) in cases {
      var session = session()
      #expect(throws: ImportSession.HeaderError(reason: reason)) { try session.accept(header) }
    }
  }

  @Test("a file without any record has no header")
  func emptyFile() {
    #expect(
      throws: ImportSession.HeaderError(
        reason: "the file is empty; expected the header \(TodoCSV.header)")
    ) {
      try session().finish()
    }
  }

  @Test("hands out full batches as they fill, then the rest at the end, with where each ends")
  func batches() throws {
    var session = session()
    try session.accept(record(1, headerFields))
    for index in 1...5 { try session.accept(record(index + 1, row("\(index)"), endOffset: index * 10)) }
    let first = session.nextBatch(final: false)
    let second = session.nextBatch(final: false)
    let notYet = session.nextBatch(final: false)
    let last = session.nextBatch(final: true)
    let none = session.nextBatch(final: true)
    #expect(notYet == nil && none == nil)
    #expect([first, second, last].map { $0?.rows.map(\.id) } == [["1", "2"], ["3", "4"], ["5"]])
    #expect([first, second, last].map(\.?.endOffset) == [20, 40, 50])
  }

  @Test("keeps the first malformed rows up to the report's limit and counts them all")
  func errorLimit() throws {
    var session = session()
    try session.accept(record(1, headerFields))
    let total = TodoCSV.reportedErrorLimit + 5
    for line in 2...(total + 1) { try session.accept(record(line, ["bad"])) }
    #expect(session.skippedCount == total)
    #expect(session.errors.count == TodoCSV.reportedErrorLimit)
    #expect(session.errors.first?.line == 2)
    #expect(session.errors.last?.line == TodoCSV.reportedErrorLimit + 1)
    let batch = session.nextBatch(final: true)
    #expect(batch == nil)
  }
}
