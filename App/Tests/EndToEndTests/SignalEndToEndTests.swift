import Foundation
import GRDB
import Subprocess
import SystemPackage
import Testing

extension EndToEnd {
  @Suite("End to end: signals")
  struct SignalEndToEndTests {
    @Test("SIGTERM during an import exits 0 and leaves the database consistent")
    func terminateDuringImport() async throws {
      let folder = AppProcess.temporaryFolder()
      _ = try await AppProcess.run(["--data-dir", folder.path], input: "register eve password1\n")
      let csv = folder.appendingPathComponent("big.csv")
      var text = "id,title,done,due,created,updated\n"
      let rows = 400_000
      for index in 0..<rows {
        text +=
          "item-\(index),Task number \(index),\(index % 3 == 0),,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z\n"
      }
      try text.write(to: csv, atomically: true, encoding: .utf8)
      let databasePath = folder.appendingPathComponent("todo.sqlite").path

      let result = try await Subprocess.run(
        .path(FilePath(AppProcess.executable.path)), arguments: ["--data-dir", folder.path],
        environment: AppProcess.environment, input: .inputWriter, output: .sequence, error: .discarded
      ) { execution in
        _ = try await execution.standardInputWriter.write("login eve password1\nimport \(csv.path)\n")
        var output = ""
        var signalled = false
        for try await line in execution.standardOutput.strings() {
          output += line
          if !signalled && output.contains("Importing") {
            // Wait until at least one batch is committed, by watching the database itself; the
            // loop ends as soon as a row is there (the deadline only turns a hang into a failure).
            let database = try DatabaseQueue(path: databasePath)
            let deadline = Date().addingTimeInterval(120)
            while try await database.read({ try Int.fetchOne($0, sql: "SELECT count(*) FROM todo_item") ?? 0 }
            )
              == 0,
              Date() < deadline
            {}
            try database.close()
            try execution.send(signal: .terminate)
            signalled = true
          }
        }
        try await execution.standardInputWriter.finish()
        return output
      }
      #expect(AppProcess.status(of: result.terminationStatus) == 0, "output: \(result.closureResult)")
      #expect(result.closureResult.contains("SIGTERM: finishing in-flight work"))

      // Every row present is whole, and the rows present are a prefix of the file made of whole batches.
      let database = try DatabaseQueue(path: databasePath)
      let stored = try database.read { db in
        try Row.fetchAll(db, sql: "SELECT id, title, done FROM todo_item ORDER BY id")
      }
      #expect(!stored.isEmpty)
      var broken: [String] = []
      for row in stored {
        let id: String = row["id"]
        let index = Int(id.dropFirst("item-".count))!
        if row["title"] as String != "Task number \(index)" || row["done"] as Bool != (index % 3 == 0) {
          broken.append(id)
        }
      }
      #expect(broken.isEmpty)
      #expect(stored.count == rows || stored.count % 5_000 == 0)
    }
  }
}
