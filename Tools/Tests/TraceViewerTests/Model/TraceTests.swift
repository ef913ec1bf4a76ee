import Foundation
import Testing
import TraceViewer
import Tracing

@Suite("Trace")
struct TraceTests {
  @Test("the start line gives the model's type, the recording's start and the initial model")
  func startLine() {
    var start = TraceEntry(kind: .start, time: 0)
    start.type = "todo.AppModel"
    start.wallTime = "2026-01-02T03:04:05Z"
    start.value = "AppModel(items: [])"
    let trace = Trace(entries: [start])
    #expect(trace.modelType == "todo.AppModel")
    #expect(trace.wallTime == "2026-01-02T03:04:05Z")
    #expect(trace.initialModel == "AppModel(items: [])")
  }

  @Test("a command's lines are gathered into one record: emitter, start, duration")
  func commandLines() throws {
    let command = try #require(SampleTrace.trace.command(1))
    #expect(command.message == 1)
    #expect(command.type == "AuthenticationAPI.AuthenticationCommand")
    #expect(command.startTime == 0.002)
    #expect(command.duration == 12_300_000)
    #expect(command.outcome == .finished)
  }

  @Test("a failed command keeps its error; a command without interpreter says so")
  func commandProblems() {
    #expect(SampleTrace.trace.command(3)?.outcome == .failed("disk full"))
    #expect(SampleTrace.trace.command(4)?.outcome == .noInterpreter)
  }

  @Test("a subscription's start and stop are gathered, with the messages after which they happened")
  func subscriptionLines() throws {
    let subscription = try #require(SampleTrace.trace.subscription(1))
    #expect(subscription.startedAfter == 2)
    #expect(subscription.stoppedAfter == 5)
    #expect(subscription.value == "ReminderTicks(every: 0.02)")
    #expect(subscription.feature == "Notifications")
  }

  @Test("a torn last line, read through TraceReader, is skipped and the rest makes the same forest")
  func tornLastLine() throws {
    let whole = SampleTrace.entries.map(\.jsonLine).joined(separator: "\n") + "\n"
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).jsonl")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try (whole + #"{"kind":"message","time":0.13,"id":9,"cau"#).write(
      toFile: path, atomically: true, encoding: .utf8)
    let contents = try TraceReader.read(path: path)
    #expect(contents.skippedTornLastLine)
    #expect(CausalForest(trace: Trace(entries: contents.entries)) == SampleTrace.forest)
  }

  @Test("a trace recorded by TraceRecorder reads whole: every message lands in the forest")
  func recordedFixture() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/session.jsonl").path
    let trace = Trace(entries: try TraceReader.read(path: path).entries)
    #expect(trace.modelType == "todo.AppModel")
    #expect(trace.messages.count == 11)
    #expect(CausalForest(trace: trace).nodes.compactMap(\.message).map(\.id).sorted() == Array(1...11))
  }
}
