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
    try writer.commit()
    let data = try Data(contentsOf: folder.url.appendingPathComponent("out.csv"))
    var reader = CSVReader()
    var read: [[String]] = []
    data.withUnsafeBytes { reader.consume($0) { read.append($0.fields) } }
    reader.finish { read.append($0.fields) }
    #expect(read == records)
  }

  @Test("refuses a file it cannot create")
  func cannotCreate() {
    #expect(throws: CSVWriterError.cannotCreate) { try CSVWriter(path: "/nonexistent-folder/out.csv") }
  }

  @Test("leaves the old file untouched until the commit, then replaces it, with no file left behind")
  func replacesOnCommit() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("out.csv")
    try "old\r\n".write(toFile: path, atomically: false, encoding: .utf8)
    let writer = try CSVWriter(path: path)
    try writer.write(["new"])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\r\n")
    try writer.commit()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\r\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.csv"])
  }

  @Test("a writer released without commit, as after a failure, keeps the old file and removes its own")
  func abandoned() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("out.csv")
    try "old\r\n".write(toFile: path, atomically: false, encoding: .utf8)
    do {
      let writer = try CSVWriter(path: path)
      // More than the writer buffers, so that part of it reaches its file before it is dropped.
      for index in 0..<100_000 { try writer.write(["row \(index)", String(repeating: "x", count: 20)]) }
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).count == 2)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\r\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.csv"])
  }

  @Test("a commit that cannot replace the target, a folder, fails and keeps the folder")
  func cannotReplace() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let target = folder.path("taken")
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
    do {
      let writer = try CSVWriter(path: target)
      try writer.write(["a"])
      #expect(throws: CSVWriterError.self) { try writer.commit() }
    }
    var isDirectory: ObjCBool = false
    #expect(
      FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) && isDirectory.boolValue)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["taken"])
  }
}
