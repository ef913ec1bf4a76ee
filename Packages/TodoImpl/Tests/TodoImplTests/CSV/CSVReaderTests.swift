import Testing

@testable import TodoImpl

@Suite("CSVReader")
struct CSVReaderTests {
  /// Parses `text` fed in chunks of `chunkSize` bytes.
  private func parse(_ text: String, chunkSize: Int = .max) -> [CSVRecord] {
    var reader = CSVReader()
    var records: [CSVRecord] = []
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + chunkSize)
      bytes[start..<end].withUnsafeBytes { reader.consume($0) { records.append($0) } }
      start = end
    }
    reader.finish { records.append($0) }
    return records
  }

  private func fields(_ text: String, chunkSize: Int = .max) -> [[String]] {
    parse(text, chunkSize: chunkSize).map(\.fields)
  }

  @Test("splits records on LF, CRLF and a lone CR, with or without a final line break")
  func lineEndings() {
    #expect(fields("a,b\nc,d\n") == [["a", "b"], ["c", "d"]])
    #expect(fields("a,b\r\nc,d\r\n") == [["a", "b"], ["c", "d"]])
    #expect(fields("a,b\rc,d") == [["a", "b"], ["c", "d"]])
    #expect(fields("a,b\nc,d") == [["a", "b"], ["c", "d"]])
  }

  @Test("keeps empty fields, first, middle and last")
  func emptyFields() {
    #expect(fields(",a,,b,\n") == [["", "a", "", "b", ""]])
    #expect(fields("\"\"\n") == [[""]])
  }

  @Test("a quoted field may hold commas, doubled quotes and line breaks")
  func quotedFields() {
    #expect(
      fields("\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"crlf\r\nkept\"\n")
        == [["a,b", "say \"hi\"", "two\nlines", "crlf\r\nkept"]])
  }

  @Test("passes over blank lines")
  func blankLines() {
    #expect(fields("\na\n\n\r\nb\n\n") == [["a"], ["b"]])
  }

  @Test("numbers each record by the line it starts on, counting line breaks inside quotes")
  func lineNumbers() {
    let records = parse("h\n\"one\ntwo\nthree\"\n\nx\r\n\"a\r\nb\"\ry\n")
    #expect(records.map(\.line) == [1, 2, 6, 7, 9])
  }

  @Test("gives the same records whatever the chunk boundaries, CRLF split included")
  func chunkBoundaries() {
    let text = "id,\"quoted, \"\"field\"\"\r\nspanning\"\r\nnext,é😀\r\n\r\nlast,\"\""
    let whole = parse(text)
    for size in 1...8 { #expect(parse(text, chunkSize: size) == whole, "chunks of \(size)") }
    #expect(
      whole.map(\.fields) == [["id", "quoted, \"field\"\r\nspanning"], ["next", "é😀"], ["last", ""]])
  }

  @Test("tells after how many bytes each record ends")
  func endOffsets() {
    #expect(parse("ab\r\ncd\nef").map(\.endOffset) == [3, 7, 9])
  }

  @Test("reports a quote inside an unquoted field and goes on with the next record")
  func strayQuote() {
    let records = parse("ab\"c,d\nok\n")
    #expect(records.map(\.problem) == ["a quote inside an unquoted field", nil])
    #expect(records.last?.fields == ["ok"])
  }

  @Test("reports text after a closing quote and goes on with the next record")
  func textAfterQuote() {
    let records = parse("\"ab\"c,d\nok\n")
    #expect(records.map(\.problem) == ["text after a closing quote", nil])
    #expect(records.map(\.line) == [1, 2])
  }

  @Test("reports a quoted field left open at the end of the input, on the line it starts")
  func unterminatedQuote() {
    let records = parse("a\n1,\"never closed\nstill inside\n")
    #expect(records.count == 2)
    #expect(records.last?.line == 2)
    #expect(records.last?.problem == "a quoted field is not closed before the end of the file")
  }

  @Test("reports a field that is not UTF-8")
  func invalidUTF8() {
    var reader = CSVReader()
    var records: [CSVRecord] = []
    [UInt8(ascii: "a"), UInt8(ascii: ","), 0xFF, 0xFE, UInt8(ascii: "\n")].withUnsafeBytes {
      reader.consume($0) { records.append($0) }
    }
    #expect(records.map(\.problem) == ["field 2 is not valid UTF-8"])
  }

  @Test("an empty input holds no record")
  func emptyInput() {
    #expect(parse("").isEmpty)
    #expect(parse("\n\n").isEmpty)
  }
}
