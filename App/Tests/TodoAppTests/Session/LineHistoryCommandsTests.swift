import AuthenticationAPI
import Foundation
import Terminal
import Testing

@testable import TodoApp

@Suite("LineHistory+Commands")
struct LineHistoryCommandsTests {
  @Test("login and register lines are not kept, whatever their case and leading spaces")
  func passwords() {
    let history = LineHistory.forCommands()
    for line in ["login ada secret", "  REGISTER bob pw", "login ada", "list", "add login"] {
      history.add(line)
    }
    #expect(history.lines == ["list", "add login"])
  }

  @Test("each user's history is a file of its own in the data folder, named after the account's number")
  func file() {
    let folder = URL(filePath: "/data")
    #expect(LineHistory.file(of: UserID(rawValue: 7), in: folder).path == "/data/history-7")
  }
}
