import Foundation
import Subprocess
import Testing

extension EndToEnd {
  @Suite("End to end: find")
  struct FindEndToEndTests {
    @Test(
      "find ranks the signed-in user's matches with the list's numbers, which rm and import do not move")
    func findFollowsTheList() async throws {
      let folder = AppProcess.temporaryFolder()
      let csv = folder.appendingPathComponent("more.csv")
      try "id,title,done,due,created,updated\n,Milk the cows,false,,,\n".write(
        to: csv, atomically: true, encoding: .utf8)
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: """
          register bea password1
          login bea password1
          add Bea's milk
          logout
          register eve password1
          login eve password1
          add Buy oat milk for the office
          add Buy milk
          add Call the bank
          find MIL
          rename 2 Buy cheese
          find milk
          rm 1
          find milk
          import \(csv.path)
          find milk --page 1
          done 2
          find cows

          """)
      #expect(result.status == 0, "stderr: \(result.standardError)")
      #expect(
        result.standardOutput.hasSuffix(
          """
          Signed in as eve.
          Your list is empty.
          Added 1. Buy oat milk for the office
          Added 2. Buy milk
          Added 3. Call the bank
          2 items match "MIL", best first:
          2. [ ] Buy milk
          1. [ ] Buy oat milk for the office
          Renamed 2 to: Buy cheese
          1 item matches "milk", best first:
          1. [ ] Buy oat milk for the office
          Removed: Buy oat milk for the office
          No item matches "milk".
          Importing \(csv.path)…
          Imported 1 row from \(csv.path).
          You have 3 items (3 open, 0 done).
          1 item matches "milk", best first:
          4. [ ] Milk the cows
          Done 2. Buy cheese
          1 item matches "cows", best first:
          4. [ ] Milk the cows

          """), "\(result.standardOutput)")
    }
  }
}
