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

  @Test("a byte-order mark at the start is skipped, in any chunking, so a quoted field after it stays quoted")
  func byteOrderMark() {
    for chunkSize in [1, 2, 3, .max] {
      let records = parse("\u{FEFF}\"id\",\"b\"\n\"c\",d\n", chunkSize: chunkSize)
      #expect(records.map(\.fields) == [["id", "b"], ["c", "d"]], "chunks of \(chunkSize)")
      #expect(records.allSatisfy { $0.problem == nil })
      #expect(records.first?.endOffset == 12, "offsets count the mark's three bytes")
    }
    #expect(fields("a,\u{FEFF}b\n\u{FEFF}c\n") == [["a", "\u{FEFF}b"], ["\u{FEFF}c"]], "only at the start")
  }

  @Test("bytes that begin like a byte-order mark but are not one are data")
  func notAByteOrderMark() {
    // EF BB then "x": not a mark, so the bytes stay in the field (as invalid UTF-8, reported).
    var reader = CSVReader()
    var records: [CSVRecord] = []
    for chunk in [[0xEF], [0xBB, UInt8(ascii: "x"), UInt8(ascii: "\n")]] as [[UInt8]] {
      chunk.withUnsafeBytes { reader.consume($0) { records.append($0) } }
    }
    reader.finish { records.append($0) }
    #expect(records.count == 1)
    #expect(records.first?.problem == "field 1 is not valid UTF-8")
    #expect(fields("\u{FEFE}x\n") == [["\u{FEFE}x"]])
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

  @Test(
    "reports a quoted field left open at the end of the input on the line it opens, and reads on from the next"
  )
  func unterminatedQuote() {
    let records = parse("a\n1,\"never closed\nstill inside\n")
    #expect(records.map(\.line) == [1, 2, 3])
    #expect(records.map(\.problem) == [nil, "a quoted field is not closed before the end of the file", nil])
    #expect(records.last?.fields == ["still inside"])
  }

  @Test("a quote left open mid-file hides no later row: every row after its line comes out")
  func unterminatedQuoteMidFile() {
    let text = "h\n1,\"oops,false\n2,b,false\n3,c,false\n"
    for size in [1, 2, 3, 5, 8, Int.max] {
      let records = parse(text, chunkSize: size)
      #expect(records.map(\.line) == [1, 2, 3, 4], "chunks of \(size)")
      #expect(
        records.map(\.problem) == [nil, "a quoted field is not closed before the end of the file", nil, nil])
      #expect(records.map(\.fields).suffix(2) == [["2", "b", "false"], ["3", "c", "false"]])
    }
  }

  @Test("a quote left open that a later line's quote seems to close is reported on its own line")
  func runawayQuoteClosedLater() {
    let records = parse("h\n1,\"oops,x\n2,b\n3,\"c, d\",e\n4,f\n")
    #expect(records.map(\.line) == [1, 2, 3, 4, 5])
    #expect(
      records.map(\.problem) == [
        nil,
        "a quoted field opened on this line runs on to line 4, where there is text after a closing quote",
        nil, nil, nil,
      ])
    #expect(records.map(\.fields).suffix(3) == [["2", "b"], ["3", "c, d", "e"], ["4", "f"]])
  }

  @Test(
    "a record malformed on its first line that spans lines is reported there, and its second line read again")
  func problemOnFirstLine() {
    let records = parse("a\"b,\"x\ny\",z\n")
    #expect(
      records.map(\.problem) == ["a quote inside an unquoted field", "a quote inside an unquoted field"])
    #expect(records.map(\.line) == [1, 2])
  }

  @Test("an abandoned record ends where its second line starts, so what follows is read from there")
  func abandonedEndOffset() {
    let records = parse("h\n1,\"x\n2\n")
    #expect(records.map(\.endOffset) == [2, 7, 9])
  }

  @Test("reads again from the second line after a CRLF, without a blank line or a lost line number")
  func abandonedAfterCRLF() {
    let records = parse("h\r\n1,\"x\r\n2,y\r\n\r\n3,z\r\n")
    #expect(records.map(\.line) == [1, 2, 3, 5])
    #expect(records.map(\.fields).suffix(2) == [["2", "y"], ["3", "z"]])
  }

  @Test("a quote left open in lines that are read again is handled in turn")
  func nestedRecovery() {
    let text = "h\n1,\"a\n2,\"b\n3,c\n"
    let records = parse(text)
    #expect(records.map(\.line) == [1, 2, 3, 4])
    #expect(
      records.map(\.problem) == [
        nil,
        "a quoted field opened on this line runs on to line 3, where there is text after a closing quote",
        "a quoted field is not closed before the end of the file", nil,
      ])
    for size in 1...8 { #expect(parse(text, chunkSize: size) == records, "chunks of \(size)") }
  }

  @Test("a record longer than the limit on one line is reported and skipped to the end of its line")
  func longRecord() {
    for long in [String(repeating: "x", count: 40), "\"" + String(repeating: "x", count: 40)] {
      var reader = CSVReader(maximumRecordSize: 16)
      var records: [CSVRecord] = []
      Array("a,b\n\(long)\nc,d\n".utf8).withUnsafeBytes { reader.consume($0) { records.append($0) } }
      reader.finish { records.append($0) }
      #expect(records.map(\.line) == [1, 2, 3])
      #expect(records.map(\.problem) == [nil, "the record is longer than 16 bytes", nil])
      #expect(records.last?.fields == ["c", "d"])
    }
  }

  @Test(
    "a quote that stays open for more than the limit is reported on its line; the lines after it are read")
  func quoteOpenPastLimit() {
    var reader = CSVReader(maximumRecordSize: 32)
    var records: [CSVRecord] = []
    let text = "1,\"open\n" + String(repeating: "2,b\n", count: 20)
    Array(text.utf8).withUnsafeBytes { reader.consume($0) { records.append($0) } }
    reader.finish { records.append($0) }
    #expect(records.count == 21)
    #expect(records.first?.problem == "a quoted field is not closed within 32 bytes")
    #expect(records.dropFirst().allSatisfy { $0.fields == ["2", "b"] && $0.problem == nil })
    #expect(records.map(\.line) == Array(1...21))
  }

  @Test("a record spanning lines within the limit is not cut short")
  func longQuotedFieldWithinLimit() {
    var reader = CSVReader(maximumRecordSize: 32)
    var records: [CSVRecord] = []
    Array("\"0123456789\n0123456789\",z\nn\n".utf8).withUnsafeBytes {
      reader.consume($0) { records.append($0) }
    }
    reader.finish { records.append($0) }
    #expect(records.map(\.fields) == [["0123456789\n0123456789", "z"], ["n"]])
    #expect(records.map(\.problem) == [nil, nil])
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
