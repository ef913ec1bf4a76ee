import Foundation
import Testing

@testable import TodoApp

@Suite("LineHistory")
struct LineHistoryTests {
  private func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
  }

  @Test("login and register lines, blank lines and repeats of the newest line are not kept")
  func keeps() {
    let history = LineHistory()
    for line in ["login ada secret", "  REGISTER bob pw", "login ada", "", "   ", "list", "list", "add x"] {
      history.add(line)
    }
    #expect(history.lines == ["list", "add x"])
  }

  @Test("lines go to the user's file, mode 0600, and come back when the user is used again")
  func persisted() throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let history = LineHistory()
    history.use(file: file)
    history.add("add milk")
    history.add("login ada pw")
    history.add("list")
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(try String(contentsOf: file, encoding: .utf8) == "add milk\nlist\n")
    history.use(file: nil)
    #expect(history.lines.isEmpty)
    history.use(file: file)
    #expect(history.lines == ["add milk", "list"])
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
}
