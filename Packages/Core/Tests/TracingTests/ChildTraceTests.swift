import Core
import Foundation
import Testing
import Tracing

private struct Job: Identifiable, Equatable, Sendable {
  let id: Int
  var state = "idle"
}

private enum JobMessage: Message, Codable, Equatable {
  case run, done
}

private struct RunJob: Command {}

private struct JobUpdater: TypedUpdater {
  func update(_ model: inout Job, message: JobMessage) -> [any Command] {
    switch message {
    case .run:
      model.state = "running"
      return [RunJob()]
    case .done:
      model.state = "done"
      return []
    }
  }
}

private struct Jobs: Equatable, Sendable {
  var jobs: IdentifiedArray<Job> = [Job(id: 1), Job(id: 2)]
}

private let jobsUpdater = CombinedUpdater<Jobs>(.forEach(\.jobs, JobUpdater()))

private enum JobsMessage: Message, Codable, Equatable {
  case rebuild
}

/// Builds the collection anew, which makes every job a new element with stamps of a new lineage.
private let rebuildingUpdater = CombinedUpdater<Jobs>(
  .full(
    FunctionUpdater<Jobs>(handling: JobsMessage.self) { model, _ in
      model.jobs = IdentifiedArray(Array(model.jobs))
      return []
    }),
  .forEach(\.jobs, JobUpdater()))

@Suite("Traces of child features")
@MainActor
struct ChildTraceTests {
  @Test("an element's result is caused by its element's command, and the trace replays exactly")
  func recordAndReplay() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).jsonl").path
    let store = Store(model: Jobs(), updater: jobsUpdater)
    let recorder = try TraceRecorder<Jobs>(path: path, initialModel: store.model)
    store.addMonitor(recorder)
    store.register(FunctionInterpreter(for: RunJob.self) { _, dispatch in dispatch(JobMessage.done) })
    store.send(ElementMessage(2, JobMessage.run))
    await store.settle()
    await recorder.close()

    let entries = try TraceReader.read(path: path).entries
    let messages = entries.filter { $0.kind == .message }
    #expect(messages.count == 2)
    #expect(messages.last?.value?.contains("ElementMessage(2, JobMessage.done)") == true)
    let command = messages.first?.commands?.first
    #expect(messages.last?.cause?.command == command?.id, "the answer's cause is the element's command")
    #expect(command?.value.contains("RunJob") == true)

    var replay = TraceReplay(
      model: Jobs(), updater: jobsUpdater, messageTypes: [ElementMessage<Int, JobMessage>.self])
    let result = try replay.run(entries)
    #expect(result.steps == 2)
    #expect(result.model.jobs[id: 2]?.state == "done")
    #expect(result.model.jobs[id: 1]?.state == "idle")
  }

  @Test("a trace records a stamp's count, not its lineage, so a collection built anew replays exactly")
  func rebuiltCollectionReplays() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).jsonl").path
    let store = Store(model: Jobs(), updater: rebuildingUpdater)
    let recorder = try TraceRecorder<Jobs>(path: path, initialModel: store.model)
    store.addMonitor(recorder)
    store.register(FunctionInterpreter(for: RunJob.self) { _, dispatch in dispatch(JobMessage.done) })
    store.send(JobsMessage.rebuild)
    store.send(ElementMessage(2, JobMessage.run))
    await store.settle()
    await recorder.close()

    let entries = try TraceReader.read(path: path).entries
    let answer = try #require(entries.last { $0.kind == .message })
    #expect(answer.value?.contains("ElementMessage(2, JobMessage.done)") == true)
    #expect(answer.payload?.contains("\"stamp\":2") == true, "the second stamp of its collection")

    // The replay draws other lineages (this process has drawn more since), and gives the same counts.
    var replay = TraceReplay(
      model: Jobs(), updater: rebuildingUpdater,
      messageTypes: [JobsMessage.self, ElementMessage<Int, JobMessage>.self])
    let result = try replay.run(entries)
    #expect(result.steps == 3)
    #expect(result.model.jobs[id: 2]?.state == "done")
  }
}
