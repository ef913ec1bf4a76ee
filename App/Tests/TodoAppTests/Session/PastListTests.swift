import Foundation
import Testing

@testable import TodoApp

@Suite("PastList: the list as it was at a past message, for the inspector's time travel")
@MainActor
struct PastListTests {
  /// A session recorded to a trace: ada registers, adds One and Two, marks One done.
  private func recordedSession() async throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "past-list-\(UUID().uuidString)")
    let trace = folder.appendingPathComponent("session.jsonl").path
    let script = [
      "register ada s3cret-passw0rd", "login ada s3cret-passw0rd", "add One", "add Two", "done 1",
    ]
    let code = try await AppSession.launch(
      folder: folder.appendingPathComponent("data"), input: .script(script), tracePath: trace)
    #expect(code == 0)
    return trace
  }

  /// The number of the first message in `trace` whose rendering contains `text`.
  private func message(containing text: String, in trace: String) throws -> UInt64 {
    for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n") {
      guard let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        entry["kind"] as? String == "message", let value = entry["value"] as? String, value.contains(text),
        let id = entry["id"] as? Int
      else { continue }
      return UInt64(id)
    }
    Issue.record("No message with \(text) in the trace.")
    return 0
  }

  @Test("replays the trace up to the message and lists the items as they were then")
  func listsThePast() async throws {
    let trace = try await recordedSession()
    let now = Date()
    let afterOne = PastList.lines(
      tracePath: trace, message: try message(containing: "added(TodoItem(id: TodoID(rawValue: \"", in: trace),
      pageSize: 10, now: now)
    #expect(afterOne.first?.hasPrefix("── Paused by the inspector at m") == true)
    #expect(afterOne.contains { $0.contains("You have 1 item (1 open, 0 done)") })
    #expect(!afterOne.contains { $0.contains("Two") })
    #expect(afterOne.last == PastList.waiting)

    let done = try message(containing: "setDone", in: trace)
    try #require(done > 1)
    let beforeDone = PastList.lines(tracePath: trace, message: done - 1, pageSize: 10, now: now)
    #expect(beforeDone.contains { $0.contains("You have 2 items (2 open, 0 done)") })
    let atEnd = PastList.lines(tracePath: trace, message: 10_000, pageSize: 10, now: now)
    #expect(atEnd.contains { $0.contains("You have 2 items (1 open, 1 done)") })
  }

  @Test("before anyone signed in, and for a trace that cannot be read, it says so")
  func nobodyAndUnreadable() async throws {
    let trace = try await recordedSession()
    #expect(
      PastList.lines(tracePath: trace, message: 1, pageSize: 10, now: Date()).contains(
        "Nobody was signed in then."))
    let missing = PastList.lines(
      tracePath: "/nonexistent/trace.jsonl", message: 3, pageSize: nil, now: Date())
    #expect(missing.contains { $0.hasPrefix("The app as it was then cannot be shown:") })
  }
}
