import Core
import Foundation
import Testing
import Tracing

private struct Feed: Equatable, Sendable {
  var isOn = false
  var items: [Int] = []
}

private enum FeedMessage: Message, Codable {
  case start
  case item(Int)
}

private struct Listen: Subscription {}

private struct FeedUpdater: TypedUpdater {
  func update(_ model: inout Feed, message: FeedMessage) -> [any Command] {
    switch message {
    case .start: model.isOn = true
    case .item(let value): model.items.append(value)
    }
    return []
  }
}

private struct Unrelated: Message {}

private func temporaryPath(_ name: String) -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
}

/// A trace without its timings, which differ from run to run.
private func timeless(_ entries: [TraceEntry]) -> [TraceEntry] {
  entries.map { entry in
    var entry = entry
    entry.time = 0
    entry.duration = nil
    entry.wallTime = nil
    return entry
  }
}

/// The recorder takes processed messages through a path of their own while it is the only kind of
/// monitor attached; these tests pin that the trace and the other monitors' events do not depend on
/// which path the store took.
@Suite("TraceRecorder beside other monitors")
@MainActor
struct TraceRecorderMonitorsTests {
  /// Runs the same session (an external message, a subscription's three messages, then an
  /// unhandled message)
  /// with the recorder alone or beside a closure monitor, and returns the trace and the events the
  /// closure monitor saw.
  private func record(besideAnotherMonitor: Bool) async throws -> (trace: [TraceEntry], seen: [String]) {
    let path = temporaryPath("feed.jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let provider = FunctionSubscriptionProvider<Feed> { model, _ in model.isOn ? [Listen()] : [] }
    let store = Store(model: Feed(), updater: FeedUpdater(), subscriptions: provider)
    let (sent, allSent) = AsyncStream<Void>.makeStream()
    store.register(
      subscriptions: Listen.self,
      run: { _, dispatch in
        for value in 1...3 { dispatch(FeedMessage.item(value)) }
        allSent.yield()
      })
    let recorder = try TraceRecorder<Feed>(path: path)
    store.addMonitor(recorder)
    var seen: [String] = []
    if besideAnotherMonitor {
      store.addMonitor(
        FunctionMonitor<Feed> { event in
          switch event {
          case .messageProcessed(let record, let handled, _, _):
            seen.append("processed \(record.id) \(handled)")
          case .modelUpdated(let id, let model): seen.append("updated \(id) \(model.items)")
          case .unhandledMessage(let record): seen.append("unhandled \(record.id)")
          default: break
          }
        })
    }
    store.send(FeedMessage.start)
    for await _ in sent { break }
    await store.settle()
    store.send(Unrelated())
    await store.settle()
    await recorder.close()
    return (timeless(try TraceReader.read(path: path).entries), seen)
  }

  @Test("the trace is the same whether the recorder is alone or beside another monitor")
  func sameTraceEitherWay() async throws {
    let alone = try await record(besideAnotherMonitor: false)
    let beside = try await record(besideAnotherMonitor: true)
    #expect(alone.trace == beside.trace)
    let messages = alone.trace.filter { $0.kind == .message }
    #expect(messages.map(\.id) == [1, 2, 3, 4, 5])
    #expect(messages.map(\.handled) == [true, true, true, true, false])
    #expect(messages[0].cause == TraceCause(kind: "external"))
    #expect(messages[1].cause == TraceCause(kind: "subscription", subscription: 1))
    #expect(messages[3].changes == [TraceChange(path: "items[2]", before: nil, after: "3")])
    #expect(messages[4].cause == TraceCause(kind: "external"))
  }

  @Test("a closure monitor beside the recorder sees every processed message and model, in order")
  func otherMonitorSeesEverything() async throws {
    let beside = try await record(besideAnotherMonitor: true)
    #expect(
      beside.seen == [
        "processed m1 true", "updated m1 []", "processed m2 true", "updated m2 [1]",
        "processed m3 true", "updated m3 [1, 2]", "processed m4 true", "updated m4 [1, 2, 3]",
        "processed m5 false", "unhandled m5",
      ])
  }

  @Test("removing the other monitor leaves the recorder recording every message")
  func removingTheOtherMonitor() async throws {
    struct Bump: Message {}
    struct Tally: Sendable { var count = 0 }
    let path = temporaryPath("tally.jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = Store(
      model: Tally(),
      updater: FunctionUpdater(handling: Bump.self) { model, _ in
        model.count += 1
        return []
      })
    let recorder = try TraceRecorder<Tally>(path: path)
    var counted = 0
    let counter = FunctionMonitor<Tally> { event in
      if case .modelUpdated = event { counted += 1 }
    }
    store.addMonitor(counter)
    store.addMonitor(recorder)
    for _ in 0..<3 { store.send(Bump()) }
    store.removeMonitor(counter)
    for _ in 0..<3 { store.send(Bump()) }
    store.addMonitor(counter)
    store.send(Bump())
    store.removeMonitor(recorder)
    store.send(Bump())
    await recorder.close()
    let changes = try TraceReader.read(path: path).entries.filter { $0.kind == .message }.map {
      $0.changes?.first?.after
    }
    #expect(changes == ["Tally(count: 1)", "2", "3", "4", "5", "6", "7"])
    #expect(counted == 5)
  }
}
