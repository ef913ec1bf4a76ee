import Foundation
import Subprocess
import Testing

extension EndToEnd {
  @Suite("End to end: tags")
  struct TagEndToEndTests {
    @Test(
      "add with tags, tag and untag, list +x -y with open; export writes the tags and import reads them back")
    func tags() async throws {
      let folder = AppProcess.temporaryFolder()
      let exported = AppProcess.temporaryFolder().appendingPathComponent("out.csv")
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: """
          register tia password1
          login tia password1
          add Buy milk +home +Errand
          add +1 for Bob, C++ +work
          add Water plants +home
          tag 3 +weekend
          untag 3 +work
          untag 1 +home
          done 3
          list +home
          list open -work
          list +errand -home
          export \(exported.path)

          """)
      #expect(
        result.status == 1, "the failed untag makes a script's status 1; stderr: \(result.standardError)")
      #expect(
        result.standardOutput.hasSuffix(
          """
          Added 1. Buy milk +errand +home
          Added 2. +1 for Bob, C++ +work
          Added 3. Water plants +home
          3. Water plants is tagged +home +weekend.
          3. Water plants has no tag +work (its tags: +home +weekend); nothing was changed.
          1. Buy milk is tagged +errand.
          Done 3. Water plants
          3. [x] Water plants +home +weekend
          1. [ ] Buy milk +errand
          1. [ ] Buy milk +errand
          Exported 3 items to \(exported.path).

          """), "\(result.standardOutput)")
      let rows = try String(contentsOf: exported, encoding: .utf8).split(separator: "\r\n")
      #expect(rows.first == "id,title,done,due,created,updated,priority,tags")
      #expect(rows.dropFirst().map { $0.split(separator: ",").last } == ["errand", "work", "home weekend"])

      let other = AppProcess.temporaryFolder()
      let imported = try await AppProcess.run(
        ["--data-dir", other.path],
        input: "register ria password1\nlogin ria password1\nimport \(exported.path)\nlist +work\n")
      #expect(imported.status == 0, "stderr: \(imported.standardError)")
      #expect(
        imported.standardOutput.hasSuffix("2. [ ] +1 for Bob, C++ +work\n"), "\(imported.standardOutput)")
    }
  }
}
