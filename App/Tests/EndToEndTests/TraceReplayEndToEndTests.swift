import Foundation
import Testing

extension EndToEnd {
  @Suite("End to end: trace and replay")
  struct TraceReplayEndToEndTests {
    /// Records a session that adds "One" and lists, adds "Two" and lists, marks Two done, renames One
    /// and removes Two.
    private func recordSession(in folder: URL) async throws -> URL {
      let trace = folder.appendingPathComponent("session.jsonl")
      let session = try await AppProcess.run(
        ["--data-dir", folder.path, "--trace", trace.path],
        input:
          "register dee s3cret-passw0rd\nlogin dee s3cret-passw0rd\nadd One\nlist\nadd Two\nlist\ndone 2\nrename 1 Uno\nrm 2\n"
          + "list\n"
      )
      #expect(session.status == 0, "stderr: \(session.standardError)")
      return trace
    }

    /// The identifiers of the recorded messages whose rendering starts with `prefix`, in order.
    private func messageIDs(in trace: URL, _ prefix: String) throws -> [Int] {
      try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").compactMap { line in
        guard let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          entry["kind"] as? String == "message", let value = entry["value"] as? String,
          value.hasPrefix(prefix)
        else { return nil }
        return entry["id"] as? Int
      }
    }

    @Test("a real session recorded with --trace replays with no divergence, and never holds the password")
    func recordAndReplay() async throws {
      let trace = try await recordSession(in: AppProcess.temporaryFolder())
      let text = try String(contentsOf: trace, encoding: .utf8)
      #expect(!text.contains("s3cret-passw0rd"))
      #expect(text.contains("Secret(••••)"))

      let replay = try await AppProcess.run(["replay", trace.path])
      #expect(replay.status == 0, "\(replay.standardOutput)\(replay.standardError)")
      #expect(replay.standardOutput.contains("every recorded model change was reproduced"))
    }

    @Test("--until N prints the model as it was after message N: the page it showed then")
    func timeTravel() async throws {
      let trace = try await recordSession(in: AppProcess.temporaryFolder())
      // The model holds the page shown, not the list: the listings after each add show it.
      let listings = try messageIDs(in: trace, "TodoMessage.pageRead(")
      try #require(listings.count == 3)
      let (addedOne, addedTwo) = (listings[0], listings[1])

      let afterOne = try await AppProcess.run(["replay", trace.path, "--until", "\(addedOne)"])
      #expect(afterOne.status == 0)
      #expect(afterOne.standardOutput.contains("Model after m\(addedOne) (until m\(addedOne)):"))
      #expect(afterOne.standardOutput.components(separatedBy: "TodoItem(").count - 1 == 1)
      // A title renders as its text (TodoTitle describes itself), as in `TodoCommand.add`.
      #expect(afterOne.standardOutput.contains("title: One,"))

      let afterTwo = try await AppProcess.run(["replay", trace.path, "--until", "\(addedTwo)"])
      #expect(afterTwo.standardOutput.components(separatedBy: "TodoItem(").count - 1 == 2)
      #expect(afterTwo.standardOutput.contains("title: Two, isDone: false"))
    }

    @Test("--until past the end of the trace says so and shows the model at the end")
    func untilPastTheEnd() async throws {
      let trace = try await recordSession(in: AppProcess.temporaryFolder())
      let replay = try await AppProcess.run(["replay", trace.path, "--until", "100000"])
      #expect(replay.status == 0)
      #expect(
        replay.standardOutput.contains("--until 100000 is past the end of the trace, whose last message is m")
      )
      #expect(replay.standardOutput.contains("title: Uno,"))
    }

    @Test("--until 0 is rejected: messages are numbered from 1")
    func untilZero() async throws {
      let replay = try await AppProcess.run(["replay", "/nonexistent.jsonl", "--until", "0"])
      #expect(replay.status == 64)
      #expect(replay.standardError.contains("--until counts messages from 1"))
    }

    @Test("a missing trace file is one clear sentence, not an error dump")
    func missingFile() async throws {
      let replay = try await AppProcess.run(["replay", "/nonexistent/missing.jsonl"])
      #expect(replay.status == 1)
      #expect(replay.standardError == "todo: Cannot read /nonexistent/missing.jsonl: no such file\n")
      #expect(replay.standardOutput.isEmpty)
    }
  }
}
