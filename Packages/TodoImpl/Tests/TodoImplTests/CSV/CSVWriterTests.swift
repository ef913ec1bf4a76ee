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

  @Test("refuses a FIFO, before writing and at the commit, and leaves it a FIFO")
  func refusesFIFO() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let target = folder.path("pipe")
    #expect(mkfifo(target, 0o600) == 0)
    #expect(throws: CSVWriterError.notARegularFile) { try CSVWriter(path: target) }
    #expect(Self.kind(target) == S_IFIFO)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["pipe"])
  }

  @Test("refuses a target that became a FIFO while the rows were written")
  func refusesFIFOAtCommit() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let target = folder.path("out.csv")
    let writer = try CSVWriter(path: target)
    try writer.write(["a"])
    #expect(mkfifo(target, 0o600) == 0)
    #expect(throws: CSVWriterError.notARegularFile) { try writer.commit() }
    #expect(Self.kind(target) == S_IFIFO)
  }

  @Test("refuses a device node (made in a temporary folder, as root only) and leaves it a device")
  func refusesDevice() throws {
    guard geteuid() == 0 else { return }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let target = folder.path("null")
    // The null device's numbers (1, 3; glibc's `makedev` is a macro Swift cannot call), in a node
    // of this folder's own: the system's is never touched.
    #expect(mknod(target, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0)
    #expect(throws: CSVWriterError.notARegularFile) { try CSVWriter(path: target) }
    #expect(Self.kind(target) == S_IFCHR)
  }

  @Test("refuses a symbolic link, naming where it points, and leaves the link and its target as they were")
  func refusesSymbolicLink() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.path("real.csv")
    try "old\r\n".write(toFile: destination, atomically: false, encoding: .utf8)
    let link = folder.path("link.csv")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: destination)
    #expect(throws: CSVWriterError.symbolicLink(destination: destination)) { try CSVWriter(path: link) }
    #expect(Self.kind(link) == S_IFLNK)
    #expect(try String(contentsOfFile: destination, encoding: .utf8) == "old\r\n")
  }

  @Test("the file written may be read by its owner only (mode 0600), like the app's other files")
  func privateMode() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let target = folder.path("out.csv")
    let writer = try CSVWriter(path: target)
    try writer.write(["a"])
    try writer.commit()
    let attributes = try FileManager.default.attributesOfItem(atPath: target)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  private static func kind(_ path: String) -> mode_t {
    var status = stat()
    guard lstat(path, &status) == 0 else { return 0 }
    return status.st_mode & S_IFMT
  }
}
