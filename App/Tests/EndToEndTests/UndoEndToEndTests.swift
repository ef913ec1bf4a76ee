import Foundation
import Subprocess
import Testing

extension EndToEnd {
  @Suite("End to end: undo")
  struct UndoEndToEndTests {
    @Test(
      "undo reverts each kind of change, one step further back each time; find follows; undo N still reopens")
    func undoEachChange() async throws {
      let folder = AppProcess.temporaryFolder()
      let csv = folder.appendingPathComponent("more.csv")
      try "id,title,done,due,created,updated\n,Milk the cows,false,,,\n,Feed the cat,false,,,\n".write(
        to: csv, atomically: true, encoding: .utf8)
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: """
          register ada password1
          login ada password1
          undo
          add Buy milk
          add Call the bank
          rename 2 Call mom
          done 1
          pri 2 high
          rm 1
          find milk
          undo
          find milk
          undo
          undo
          undo
          list
          import \(csv.path)
          undo
          list
          done 1
          clear-done
          undo
          undo 1
          undo
          undo
          undo
          undo
          undo

          """)
      // "Nothing to undo." is a failure, as a missing item is: the script exits with status 1.
      #expect(result.status == 1, "stderr: \(result.standardError)")
      #expect(
        result.standardOutput.hasSuffix(
          """
          Signed in as ada.
          Your list is empty.
          Nothing to undo.
          Added 1. Buy milk
          Added 2. Call the bank
          Renamed 2 to: Call mom
          Done 1. Buy milk
          2. Call mom has high priority.
          Removed: Buy milk
          No item matches "milk".
          Undid: rm "Buy milk"
          1 item matches "milk", best first:
          1. [x] Buy milk
          Undid: pri "Call mom"
          Undid: done "Buy milk"
          Undid: rename "Call the bank"
          1. [ ] Buy milk
          2. [ ] Call the bank
          Importing \(csv.path)…
          Imported 2 rows from \(csv.path).
          You have 4 items (4 open, 0 done).
          Undid: import \(csv.path) (2 items removed, 0 restored).
          1. [ ] Buy milk
          2. [ ] Call the bank
          Done 1. Buy milk
          Cleared 1 done item.
          Undid: clear-done (1 item back).
          `undo N` is now `reopen N`; `undo` alone reverts your last change.
          Reopened 1. Buy milk
          Undid: reopen "Buy milk"
          Undid: done "Buy milk"
          Undid: add "Call the bank"
          Undid: add "Buy milk"
          Nothing to undo.

          """), "\(result.standardOutput)")
    }

    @Test("rm of several items is undone in one step, each item back at its number")
    func undoSeveralRemoved() async throws {
      let folder = AppProcess.temporaryFolder()
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: """
          register ada password1
          login ada password1
          add One
          add Two
          add Three
          rm 1 3
          undo
          list

          """)
      #expect(result.status == 0, "stderr: \(result.standardError)")
      #expect(
        result.standardOutput.hasSuffix(
          """
          Removed: One
          Removed: Three
          Undid: rm (2 items back).
          1. [ ] One
          2. [ ] Two
          3. [ ] Three

          """), "\(result.standardOutput)")
    }

    @Test("the history survives a restart: undo after the app was quit reverts the last change before it")
    func acrossRestart() async throws {
      let folder = AppProcess.temporaryFolder()
      let first = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register ada password1\nlogin ada password1\nadd Buy milk\nrename 1 Buy oat milk\nquit\n")
      #expect(first.status == 0, "stderr: \(first.standardError)")
      let second = try await AppProcess.run(
        ["--data-dir", folder.path], input: "undo\nlist\nfind oat\nundo\nlist\nundo\n")
      #expect(second.status == 1, "stderr: \(second.standardError)")
      #expect(
        second.standardOutput.hasSuffix(
          """
          Undid: rename "Buy milk"
          1. [ ] Buy milk
          No item matches "oat".
          Undid: add "Buy milk"
          No items.
          Nothing to undo.

          """), "\(second.standardOutput)")
    }
  }
}
