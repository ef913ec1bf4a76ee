import Foundation
import TodoAPI

/// The body of libFuzzer's loop: reads `data` as an imported file, a CSV record at a time, and decodes each
/// record into an ``ImportRow`` as the import does.
///
/// The first byte chooses the header the rows are read against (with or without the `priority`
/// and `tags` columns); the rest is the CSV. Besides not crashing, a row that decodes must hold
/// what the import promises to store: an identity, a title that validates to itself, tags in the
/// table's form, and dates that the export writes back as the same instant.
func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let start = UnsafeRawPointer(data)
  guard let start, count >= 1 else { return 0 }
  let input = UnsafeRawBufferPointer(start: start, count: count)
  let hasPriority = input[0] & 1 != 0
  let hasTags = hasPriority && input[0] & 2 != 0
  var reader = CSVReader()
  let decode = { (record: CSVRecord) in
    let decoded = ImportRow.decode(
      record, now: 1_764_000_000_000, makeID: { TodoID(rawValue: "generated") },
      hasPriority: hasPriority, hasTags: hasTags, timeZone: utc)
    if case .row(let row) = decoded { check(row) }
  }
  reader.consume(UnsafeRawBufferPointer(rebasing: input[1...]), emit: decode)
  reader.finish(emit: decode)
  return 0
}

private let utc = TimeZone(identifier: "UTC")!  // UTC is always known to Foundation.

/// The instants four-digit years can write: 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.
private let writableMilliseconds: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

private func check(_ row: ImportRow) {
  guard !row.id.isEmpty else { fatalError("a row without an identity: \(row)") }
  guard case .success(let title) = TodoTitle.validate(row.title), title.text == row.title else {
    fatalError("a row whose title does not validate to itself: \(row)")
  }
  if let tags = row.tags {
    guard case .success(let parsed) = TodoTag.tags(in: tags), TodoTag.field(parsed) == tags else {
      fatalError("a row whose tags are not in the table's form: \(row)")
    }
  }
  for milliseconds in [row.due, row.created, row.updated].compactMap(\.self)
  where writableMilliseconds.contains(milliseconds) {
    let written = ISO8601Timestamp.string(fromMilliseconds: milliseconds)
    guard ISO8601Timestamp.milliseconds(from: written) == milliseconds else {
      fatalError("\(milliseconds) is written as \(written), which reads back otherwise")
    }
  }
}
