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
        // The watch starts when the page is shown and first reads the file's version: the `add`
        // typed next, and its answer, give it that time, so that the other program's write below
        // comes after it (a write before it would be in the watch's first read, not told as
        // another program's).
        try await app.send("add Second\n")
        try #require(try await app.read(until: "Added 2. Second"))
        // Another program adds an item to the same database (a second instance of the app would be
        // refused: the first holds the data folder's lock).
        try StoredItems.insert(
          title: "Written elsewhere", nextTo: "First", in: folder.appendingPathComponent("todo.sqlite").path)
        // Nothing is typed: the watch of the page shown sees the other program's commit.
        try #require(try await app.read(until: "The list changed outside this session"))
        try await app.send("done 2\nquit\n")
      }
      #expect(ended.status == 0, "output: \(ended.output)")
      #expect(
        ended.output.contains(
          "Added 2. Second\nThe list changed outside this session; list shows it as it is now.\n"
            + "Done 2. Written elsewhere\n"), "output: \(ended.output)")
      // This app's own commit (the `done`) is not taken for another program's.
      #expect(ended.output.components(separatedBy: "changed outside").count == 2, "output: \(ended.output)")
    }
  }
}
