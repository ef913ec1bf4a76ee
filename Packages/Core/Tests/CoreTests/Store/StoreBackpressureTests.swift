import Synchronization
import Testing

@testable import Core

private struct Number: Message {
  let value: Int
}

private struct Count: Sendable {
  var total = 0
  var echoes = 0
}

private struct Work: Command {}

private struct CountUpdater: TypedUpdater {
  func update(_ model: inout Count, message: Number) -> [any Command] {
    model.total += 1
    if message.value < 0 { model.echoes += 1 }
    return message.value >= 0 ? [Work()] : []
  }
}

/// Counts interpreters inside their body, and the most at once.
private final class Occupancy: Sendable {
  private let state = Mutex<(now: Int, most: Int)>((0, 0))
  func enter() {
    state.withLock {
      $0.now += 1; $0.most = max($0.most, $0.now)
    }
  }
  func leave() { state.withLock { $0.now -= 1 } }
  var most: Int { state.withLock { $0.most } }
}

@Suite("Store backpressure")
@MainActor
struct StoreBackpressureTests {
  @Test("at most maximumRunningCommands run at once; the rest wait and all finish, in order")
  func boundedCommands() async {
    let store = Store(model: Count(), updater: CountUpdater())
    store.settings.maximumRunningCommands = 4
    let occupancy = Occupancy()
    store.register(
      FunctionInterpreter(for: Work.self) { _, dispatch in
        occupancy.enter()
        defer { occupancy.leave() }
        await Task.yield()
        dispatch(Number(value: -1))
      })
    let monitor = RecordingMonitor<Count>()
    store.addMonitor(monitor)
    for value in 0..<200 { store.send(Number(value: value)) }
    await store.settle()
    #expect(store.model.echoes == 200)
    #expect(occupancy.most <= 4)
    // Commands start in the order they were emitted.
    let starts = monitor.events.compactMap { event -> UInt64? in
      if case .commandStarted(let record) = event { record.id.rawValue } else { nil }
    }
    #expect(starts == Array(1...200))
  }

  @Test("shutDown forgets waiting commands: they never start")
  func waitingCommandsDropOnShutdown() async {
    let store = Store(model: Count(), updater: CountUpdater())
    store.settings.maximumRunningCommands = 1
    let runs = Mutex(0)
    let (entered, enter) = AsyncStream.makeStream(of: Void.self)
    store.register(
      FunctionInterpreter(for: Work.self) { _, _ in
        runs.withLock { $0 += 1 }
        enter.yield()
        // Ignores cancellation until the store is gone.
        for await _ in AsyncStream<Void>.makeStream().stream {}
      })
    for value in 0..<10 { store.send(Number(value: value)) }
    var iterator = entered.makeAsyncIterator()
    _ = await iterator.next()
    store.shutDown()
    await store.settle()
    #expect(runs.withLock { $0 } == 1)
  }

  @Test("a producer using sendWithBackpressure never fills the mailbox past its capacity")
  func mailboxCapacity() async {
    let mailbox = Mailbox(capacity: 8) {}
    let dispatch = Dispatch(cause: .external, sink: .mailbox(mailbox, nil))
    let producer = Task.detached {
      for value in 0..<1_000 { await dispatch.sendWithBackpressure(Number(value: value)) }
    }
    var received: [Int] = []
    var most = 0
    while received.count < 1_000 {
      most = max(most, mailbox.count)
      var batch: [Mailbox.Envelope] = []
      mailbox.takeAll(into: &batch)
      for case .message(let message as Number, _, _) in batch { received.append(message.value) }
      if batch.isEmpty { await Task.yield() }
    }
    await producer.value
    #expect(received == Array(0..<1_000))
    #expect(most <= 8)
  }

  @Test("100,000 messages from a task with backpressure all arrive")
  func backpressureThroughTheStore() async {
    let store = Store(model: Count(), updater: CountUpdater())
    let dispatch = store.queue
    await Task.detached {
      for _ in 0..<100_000 { await dispatch.sendWithBackpressure(Number(value: -1)) }
    }.value
    await store.settle()
    #expect(store.model.echoes == 100_000)
  }
}
