import Foundation
import Subprocess
import Testing

extension EndToEnd {
  @Suite("End to end: priorities")
  struct PriorityEndToEndTests {
    @Test("pri sets priorities that list orders and shows, export writes and import reads back")
    func priorities() async throws {
      let folder = AppProcess.temporaryFolder()
      let exported = AppProcess.temporaryFolder().appendingPathComponent("out.csv")
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: """
          register pia password1
          login pia password1
          add Pay rent
          add Buy milk
          add Call mom
          pri 3 high
          pri 1 LOW
          done 2
          list
          export \(exported.path)

          """)
      #expect(result.status == 0, "stderr: \(result.standardError)")
      #expect(
        result.standardOutput.hasSuffix(
          """
          3. Call mom has high priority.
          1. Pay rent has low priority.
          Done 2. Buy milk
          3. [ ] Call mom  (high priority)
          1. [ ] Pay rent  (low priority)
          2. [x] Buy milk
          Exported 3 items to \(exported.path).

          """), "\(result.standardOutput)")
      let rows = try String(contentsOf: exported, encoding: .utf8).split(separator: "\r\n")
      #expect(rows.first == "id,title,done,due,created,updated,priority,tags")
      #expect(
        rows.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).dropLast().last }
          == [
            "low", "none", "high",
          ])

      let other = AppProcess.temporaryFolder()
      let imported = try await AppProcess.run(
        ["--data-dir", other.path],
        input: "register ria password1\nlogin ria password1\nimport \(exported.path)\nlist open\n")
      #expect(imported.status == 0, "stderr: \(imported.standardError)")
      #expect(
        imported.standardOutput.hasSuffix(
          """
          3. [ ] Call mom  (high priority)
          1. [ ] Pay rent  (low priority)

          """), "\(imported.standardOutput)")
    }
  }
}
