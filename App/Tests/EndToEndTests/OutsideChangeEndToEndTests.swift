import Foundation
import Testing

extension EndToEnd {
  @Suite("End to end: changes another program makes")
  struct OutsideChangeEndToEndTests {
    @Test(
      "an item another program writes into the database is picked up while the app waits for input, without a command",
      .timeLimit(.minutes(3)))
    func pickedUpWhileIdle() async throws {
      let folder = AppProcess.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let ended = try await AppProcess.converse(["--data-dir", folder.path]) { app in
        // A page (a script's `list` prints the whole list once, and is not watched).
        try await app.send("register kim password1\nlogin kim password1\nadd First\nlist --page 1\n")
        try #require(try await app.read(until: "1. [ ] First"))
        // Another program adds an item to the same database (a second instance of the app would be
        // refused: the first holds the data folder's lock).
        try StoredItems.insert(
          title: "Written elsewhere", nextTo: "First", in: folder.appendingPathComponent("todo.sqlite").path)
        // Nothing is typed: the watch of the page shown sees the other program's commit.
        try #require(try await app.read(until: "You have 2 items (2 open, 0 done)."))
        try await app.send("done 2\nquit\n")
      }
      #expect(ended.status == 0, "output: \(ended.output)")
      #expect(
        ended.output.contains(
          "1. [ ] First\nThe list changed outside this session; loading it again.\nYou have 2 items (2 open, 0 done).\n"
            + "Done 2. Written elsewhere\n"), "output: \(ended.output)")
      // This app's own commit (the `done`) is not taken for another program's.
      #expect(ended.output.components(separatedBy: "changed outside").count == 2, "output: \(ended.output)")
    }
  }
}
