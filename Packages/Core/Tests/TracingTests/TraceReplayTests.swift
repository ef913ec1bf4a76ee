import Core
import Foundation
import Synchronization
import Testing
import Tracing

private struct Board: Equatable, Sendable {
  var notes: [String] = []
  var stamp: Date?
}

private enum BoardMessage: Message, Codable, Equatable {
  case write(String, at: Date)
  case erase
  case saved(count: Int)
}

private enum BoardCommand: Command {
  case save(Int)
}

private struct BoardUpdater: TypedUpdater {
  func update(_ model: inout Board, message: BoardMessage) -> [any Command] {
    switch message {
    case .write(let note, let date):
      model.notes.append(note)
      model.stamp = date
      return [BoardCommand.save(model.notes.count)]
    case .erase:
      model.notes.removeAll()
    case .saved:
      break
    }
    return []
  }
}

/// Hidden state an updater should not read: set while replaying, so the same message does something
/// different the second time round, the kind of bug replay exists to catch.
private let isReplaying = Mutex(false)

/// Behaves like `BoardUpdater` except that, during the replay, `erase` keeps the first note.
private struct SneakyUpdater: TypedUpdater {
  func update(_ model: inout Board, message: BoardMessage) -> [any Command] {
    if case .erase = message, isReplaying.withLock({ $0 }) {
      model.notes.removeLast(model.notes.count - 1)
      return []
    }
    return BoardUpdater().update(&model, message: message)
  }
}

private struct Opaque: Message {}

@Suite("TraceReplay", .serialized)
@MainActor
struct TraceReplayTests {
  private func record(updater: some Updater<Board>, _ messages: [any Message]) async throws -> [TraceEntry] {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).jsonl").path
    let store = Store(model: Board(), updater: updater)
    let recorder = try TraceRecorder<Board>(path: path, initialModel: store.model)
    store.addMonitor(recorder)
    store.register(
      FunctionInterpreter(for: BoardCommand.self) { command, dispatch in
        guard case .save(let count) = command else { return }
        dispatch(BoardMessage.saved(count: count))
      })
    for message in messages {
      store.send(message)
      await store.settle()
    }
    await recorder.close()
    return try TraceReader.read(path: path).entries
  }

  private let session: [any Message] = [
    BoardMessage.write("milk", at: Date(timeIntervalSince1970: 1_700_000_000.123_456)),
    BoardMessage.write("eggs", at: Date(timeIntervalSince1970: 1_700_000_060.5)),
    BoardMessage.erase,
    BoardMessage.write("bread", at: Date(timeIntervalSince1970: 1_700_000_120.25)),
  ]

  @Test("a recorded session replays through the real updater without divergence")
  func reproduces() async throws {
    let entries = try await record(updater: BoardUpdater(), session)
    var replay = TraceReplay(model: Board(), updater: BoardUpdater(), messageTypes: [BoardMessage.self])
    let result = try replay.run(entries)
    #expect(result.steps == 7)
    #expect(result.model.notes == ["bread"])
    #expect(result.model.stamp == Date(timeIntervalSince1970: 1_700_000_120.25))
  }

  @Test("a message sent from a tool is recorded with its cause, reads back, and replays")
  func toolMessageReplays() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).jsonl").path
    let store = Store(model: Board(), updater: BoardUpdater())
    let recorder = try TraceRecorder<Board>(path: path, initialModel: store.model)
    store.addMonitor(recorder)
    store.register(
      FunctionInterpreter(for: BoardCommand.self) { command, dispatch in
        guard case .save(let count) = command else { return }
        dispatch(BoardMessage.saved(count: count))
      })
    store.send(BoardMessage.write("milk", at: Date(timeIntervalSince1970: 1_700_000_000)))
    // The save's answer first, so the order below is the only one.
    await store.settle()
    await store.queue(from: "inspector").send(
      BoardMessage.write("eggs", at: Date(timeIntervalSince1970: 1_700_000_001))
    )
    .finish()
    await store.settle()
    await recorder.close()

    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(#""cause":{"kind":"tool","tool":"inspector"}"#))
    let messages = try TraceReader.read(path: path).entries.filter { $0.kind == .message }
    #expect(
      messages.map(\.cause) == [
        TraceCause(kind: "external"), TraceCause(kind: "command", command: 1, message: 1),
        TraceCause(tool: "inspector"), TraceCause(kind: "command", command: 2, message: 3),
      ])
    var replay = TraceReplay(model: Board(), updater: BoardUpdater(), messageTypes: [BoardMessage.self])
    let result = try replay.run(TraceReader.read(path: path).entries)
    #expect(result.steps == 4)
    #expect(result.model.notes == ["milk", "eggs"])
  }

  @Test("until stops at the given message: time travel")
  func timeTravel() async throws {
    let entries = try await record(updater: BoardUpdater(), session)
    var replay = TraceReplay(model: Board(), updater: BoardUpdater(), messageTypes: [BoardMessage.self])
    let result = try replay.run(entries, until: 3)
    #expect(result.lastMessage == 3)
    #expect(result.model.notes == ["milk", "eggs"])
  }

  @Test("a non-deterministic updater is caught at the first step that differs")
  func catchesNonDeterminism() async throws {
    isReplaying.withLock { $0 = false }
    let entries = try await record(updater: SneakyUpdater(), session)
    isReplaying.withLock { $0 = true }
    defer { isReplaying.withLock { $0 = false } }
    var replay = TraceReplay(model: Board(), updater: SneakyUpdater(), messageTypes: [BoardMessage.self])
    #expect {
      try replay.run(entries)
    } throws: { error in
      guard
        case .changes(let step, let message, let recorded, let replayed) = error
          as? TraceReplay<Board>.Divergence
      else {
        return false
      }
      // Steps 1–4 (two writes and their saves) replay alike; the erase, message 5, does not.
      return step == 5 && message.contains("erase") && recorded != replayed
    }
  }

  @Test("a divergence later in the trace names that step")
  func laterDivergence() async throws {
    let entries = try await record(updater: BoardUpdater(), session)
    var replay = TraceReplay(
      model: Board(),
      updater: FunctionUpdater<Board>(handling: BoardMessage.self) { model, message in
        switch message {
        case .write(let note, let date):
          model.notes.append(note == "bread" ? "toast" : note)
          model.stamp = date
        case .erase: model.notes.removeAll()
        case .saved: break
        }
        return []
      }, messageTypes: [BoardMessage.self])
    #expect {
      try replay.run(entries)
    } throws: { error in
      guard case .changes(let step, let message, _, _) = error as? TraceReplay<Board>.Divergence else {
        return false
      }
      return step == 6 && message.contains("bread")
    }
  }

  @Test("a message that is not Codable stops the replay with a clear reason")
  func notCodable() async throws {
    let entries = try await record(
      updater: CombinedUpdater<Board>(
        .full(BoardUpdater()), .full(FunctionUpdater<Board>(handling: Opaque.self) { _, _ in [] })),
      [Opaque()])
    var replay = TraceReplay(model: Board(), updater: BoardUpdater(), messageTypes: [BoardMessage.self])
    #expect {
      try replay.run(entries)
    } throws: { error in
      (error as? TraceReplay<Board>.Divergence)?.description.contains("not Codable") == true
    }
  }

  @Test("a different initial model is reported before any step")
  func initialModel() async throws {
    let entries = try await record(updater: BoardUpdater(), session)
    var replay = TraceReplay(
      model: Board(notes: ["x"]), updater: BoardUpdater(), messageTypes: [BoardMessage.self])
    #expect(throws: TraceReplay<Board>.Divergence.self) { try replay.run(entries) }
  }
}
