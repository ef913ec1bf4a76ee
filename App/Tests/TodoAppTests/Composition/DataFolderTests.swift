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
}
