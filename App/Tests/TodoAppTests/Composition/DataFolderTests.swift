import Foundation
import Testing
import TodoApp

@Suite("DataFolder")
struct DataFolderTests {
  @Test("--data-dir wins over the environment, standardised")
  func override() {
    let folder = DataFolder.resolve(
      override: "/tmp/x/../todo-data", environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/ada"])
    #expect(folder.path == "/tmp/todo-data")
  }

  @Test("$XDG_DATA_HOME/todo when XDG_DATA_HOME is an absolute path")
  func xdg() {
    let folder = DataFolder.resolve(
      override: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/ada"])
    #expect(folder.path == "/xdg/todo")
  }

  @Test("~/.local/share/todo when XDG_DATA_HOME is unset, empty or relative (the XDG spec ignores those)")
  func fallback() {
    for environment in [
      ["HOME": "/home/ada"], ["XDG_DATA_HOME": "", "HOME": "/home/ada"],
      ["XDG_DATA_HOME": "relative/data", "HOME": "/home/ada"],
    ] {
      #expect(
        DataFolder.resolve(override: nil, environment: environment).path == "/home/ada/.local/share/todo")
    }
  }

  @Test("an empty --data-dir is no override")
  func emptyOverride() {
    #expect(DataFolder.resolve(override: "", environment: ["XDG_DATA_HOME": "/xdg"]).path == "/xdg/todo")
  }

  @Test("a shared folder holding files that are not the app's is refused, and its mode left as it was")
  func sharedFolderRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-shared-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(chmod(folder.path, 0o1777) == 0)
    try Data("theirs".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    #expect(throws: StartupError.self) { try DataFolder.makePrivate(folder) }
    var status = stat()
    #expect(stat(folder.path, &status) == 0)
    #expect(status.st_mode & 0o7777 == 0o1777)
  }
}
