import Foundation
import Testing

extension EndToEnd {
  @Suite("End to end: trace and replay")
  struct TraceReplayEndToEndTests {
    @Test("a real session recorded with --trace replays with no divergence, and never holds the password")
    func recordAndReplay() async throws {
      let folder = AppProcess.temporaryFolder()
      let trace = folder.appendingPathComponent("session.jsonl")
      let session = try await AppProcess.run(
        ["--data-dir", folder.path, "--trace", trace.path],
        input:
          "register dee s3cret-passw0rd\nlogin dee s3cret-passw0rd\nadd One\nadd Two\ndone 2\nrename 1 Uno\nrm 2\nlist\n"
      )
      #expect(session.status == 0, "stderr: \(session.standardError)")
      let text = try String(contentsOf: trace, encoding: .utf8)
      #expect(!text.contains("s3cret-passw0rd"))
      #expect(text.contains("Secret(••••)"))

      let replay = try await AppProcess.run(["replay", trace.path])
      #expect(replay.status == 0, "\(replay.standardOutput)\(replay.standardError)")
      #expect(replay.standardOutput.contains("every recorded model change was reproduced"))

      let travel = try await AppProcess.run(["replay", trace.path, "--until", "3"])
      #expect(travel.status == 0)
      #expect(travel.standardOutput.contains("Model after m3"))
    }
  }
}
