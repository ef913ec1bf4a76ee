import Foundation
import Testing

@testable import TodoImpl

@Suite("CSVWriter")
struct CSVWriterTests {
  @Test("quotes a field only when it must, doubling inner quotes, and ends records with CRLF")
  func quoting() {
    #expect(CSVWriter.encode(["plain", "", "é😀"]) == "plain,,é😀\r\n")
    #expect(
      CSVWriter.encode(["a,b", "say \"hi\"", "two\nlines", "cr\rhere"])
        == "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\rhere\"\r\n")
    #expect(CSVWriter.encode([" padded", "end "]) == "\" padded\",\"end \"\r\n")
  }

  @Test("what it writes, the reader reads back field for field")
  func roundTrip() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let records = [["id", "title"], ["1", "a \"quoted\", comma\r\nand lines"], ["", " spaced "]]
    let writer = try CSVWriter(path: folder.path("out.csv"))
    for record in records { try writer.write(record) }
    try writer.close()
    let data = try Data(contentsOf: folder.url.appendingPathComponent("out.csv"))
    var reader = CSVReader()
    var read: [[String]] = []
    data.withUnsafeBytes { reader.consume($0) { read.append($0.fields) } }
    reader.finish { read.append($0.fields) }
    #expect(read == records)
  }

  @Test("refuses a file it cannot create")
  func cannotCreate() {
    #expect(throws: CSVWriterError.self) { try CSVWriter(path: "/nonexistent-folder/out.csv") }
  }
}
