import Foundation
import Terminal
import Testing

@Suite("LineHistory")
struct LineHistoryTests {
  private func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
  }

  /// A history that refuses the lines starting with `secret`.
  private func history() -> LineHistory {
    LineHistory(keeping: { !$0.hasPrefix("secret") })
  }

  @Test("lines the filter refuses, blank lines and repeats of the newest line are not kept")
  func keeps() {
    let history = history()
    for line in ["secret 1", "", "   ", "list", "list", "add x", "two\nlines"] {
      history.add(line)
    }
    #expect(history.lines == ["list", "add x"])
  }

  @Test("without a filter, every line that is not blank is kept")
  func keepsEveryLine() {
    let history = LineHistory()
    for line in ["secret 1", " ", "list"] { history.add(line) }
    #expect(history.lines == ["secret 1", "list"])
  }

  @Test("lines go to the user's file, mode 0600, and come back when the user is used again")
  func persisted() throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let history = history()
    history.use(file: file)
    history.add("add milk")
    history.add("secret pw")
    history.add("list")
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(try String(contentsOf: file, encoding: .utf8) == "add milk\nlist\n")
    history.use(file: nil)
    #expect(history.lines.isEmpty)
    history.use(file: file)
    #expect(history.lines == ["add milk", "list"])
  }

  @Test("an existing file is made private, and lines the filter refuses are dropped when it is read")
  func existingFile() throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    try Data("secret 1\nlist\n".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    let history = history()
    history.use(file: file)
    #expect(history.lines == ["list"])
    history.add("add x")
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(try String(contentsOf: file, encoding: .utf8) == "secret 1\nlist\nadd x\n")
  }

  @Test("a file longer than the limit keeps its newest lines, and is rewritten so")
  func limit() throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let lines = (0..<(LineHistory.limit + 5)).map { "add \($0)" }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
    let history = LineHistory()
    history.use(file: file)
    #expect(history.lines == Array(lines.suffix(LineHistory.limit)))
    #expect(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count == LineHistory.limit)
  }

  // A paste of 10,000 lines left a file of 10,001 lines until the next launch (issue 59).
  @Test("lines added past the limit keep the file within the limit and its slack, newest lines last")
  func fileStaysShort() throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let history = LineHistory()
    history.use(file: file)
    let lines = (0..<(3 * LineHistory.limit)).map { "add \($0)" }
    var longest = 0
    for (offset, line) in lines.enumerated() {
      history.add(line)
      if offset % 50 == 0 || offset == lines.count - 1 {
        let stored = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        longest = max(longest, stored.count)
        #expect(stored.last == line)
      }
    }
    #expect(longest <= LineHistory.limit + LineHistory.slack)
    #expect(history.lines == Array(lines.suffix(LineHistory.limit)))
    let reread = LineHistory()
    reread.use(file: file)
    #expect(reread.lines == Array(lines.suffix(LineHistory.limit)))
  }
}
