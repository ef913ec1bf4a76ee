import AuthenticationAPI
import Foundation
import GRDB
import Testing
import TodoAPI
import TodoImpl

@Suite("TodoInterpreter: persistence")
struct TodoInterpreterPersistenceTests {
  @Test("what the interpreter wrote to a database file is there after reopening it")
  func reopen() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("todo.sqlite")

    var written: [TodoItem] = []
    do {
      let harness = try Harness(database: try DatabaseQueue(path: path))
      let kept = try #require(await harness.add("kept", due: Date(timeIntervalSince1970: 1_800_000_000)))
      harness.time.advance(by: 1)
      let toggled = try #require(await harness.add("toggled"))
      let removed = try #require(await harness.add("removed"))
      _ = await harness.run(.toggle(toggled.id, owner: Users.alice))
      _ = await harness.run(.rename(kept.id, title: .valid("kept, renamed"), owner: Users.alice))
      _ = await harness.run(.remove(removed.id, owner: Users.alice))
      written = await harness.load()
      try harness.database.close()
    }
    #expect(written.map(\.title) == ["kept, renamed", "toggled"])

    let reopened = try Harness(database: try DatabaseQueue(path: path))
    #expect(await reopened.load() == written)
  }
}
