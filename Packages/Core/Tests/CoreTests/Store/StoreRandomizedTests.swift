import Core
import Synchronization
import Testing

// A randomized suite for the loop's guarantees. Each seed builds a store whose messages come from
// every kind of sender at once (tasks, interpreters, subscriptions, monitors, listeners) and checks:
// one total order consistent with every sender's own order, no loss, no duplicate, and live
// subscriptions equal to the provider's last answer after every message. A quarter of the seeds shut
// the store down at a random point, with commands that ignore cancellation, and check that nothing
// is processed after shutdown and that the store and its interpreter are released.

/// A deterministic generator (SplitMix64), so a failing seed can be rerun.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Who sent a message, and its place in that sender's own order.
private struct Stamp: Hashable, Sendable, CustomStringConvertible {
  let sender: Int
  let sequence: Int
  var description: String { "\(sender)#\(sequence)" }
}

private struct Step: Message {
  let stamp: Stamp
  /// How many commands the update emits; each sends `echoes` messages back.
  var commands = 0
  var echoes = 0
  /// The subscriptions to want from now on, if not `nil`.
  var wants: [Int]? = nil
}

private struct Sim: Sendable {
  var processed: [Stamp] = []
  var wanted: [Int] = []
}

private struct Echoes: Command {
  let sender: Int
  let count: Int
}

private struct SimUpdater: TypedUpdater {
  func update(_ model: inout Sim, message: Step) -> [any Command] {
    model.processed.append(message.stamp)
    if let wants = message.wants { model.wanted = wants }
    guard message.commands > 0 else { return [] }
    // Each command is a sender of its own, named after the message that emitted it.
    return (0..<message.commands).map {
      Echoes(
        sender: 1_000_000 + message.stamp.sender * 10_000 + message.stamp.sequence * 10 + $0,
        count: message.echoes)
    }
  }
}

private struct Ticks: Subscription {
  let key: Int
}

private let provider = FunctionSubscriptionProvider<Sim> { model, _ in model.wanted.map { Ticks(key: $0) } }

/// Everything sent, by whom; the test compares it with what was processed and dropped.
private final class Ledger: Sendable {
  private let state = Mutex<(sent: [Stamp], running: Int, nextSender: Int, closed: Bool)>(
    ([], 0, 2_000_000_000, false))

  func sent(_ stamp: Stamp) { state.withLock { $0.sent.append(stamp) } }

  /// Records `stamp` and posts it in one step, unless the ledger is closed: a task that starts
  /// after the store's last drain still posts, but its message is not counted as owed.
  func post(_ stamp: Stamp, _ send: () -> Void) {
    state.withLock { state in
      if !state.closed { state.sent.append(stamp) }
      send()
    }
  }

  /// Stops counting: everything recorded before was posted before, so the next drain reaches it.
  func close() { state.withLock { $0.closed = true } }
  var allSent: [Stamp] { state.withLock { $0.sent } }
  func began() { state.withLock { $0.running += 1 } }
  func ended() { state.withLock { $0.running -= 1 } }
  var running: Int { state.withLock { $0.running } }
  func newSender() -> Int {
    state.withLock {
      $0.nextSender += 1
      return $0.nextSender
    }
  }
}

/// Sends `count` messages, the way a command would; ignores cancellation.
private final class EchoInterpreter: CommandInterpreter {
  let ledger: Ledger
  init(ledger: Ledger) { self.ledger = ledger }

  func interpret(_ command: Echoes, dispatch: Dispatch) async {
    ledger.began()
    defer { ledger.ended() }
    for sequence in 0..<command.count {
      if sequence.isMultiple(of: 2) { await Task.yield() }
      let stamp = Stamp(sender: command.sender, sequence: sequence)
      ledger.post(stamp) { dispatch(Step(stamp: stamp)) }
    }
  }
}

@MainActor
private final class Checks {
  var lastModel = Sim()
  var liveMismatches: [String] = []
  var processedAfterShutdown: [Stamp] = []
  var dropped: [Stamp] = []
  var isShutDown = false
  var processedCount = 0
}

@Suite("Store randomized")
@MainActor
struct StoreRandomizedTests {
  @Test("1,000 seeds: one order, no loss, no duplicate, subscriptions in line, clean shutdown")
  func seeds() async {
    for seed in 0..<1_000 {
      let failures = await run(seed: UInt64(seed))
      if !failures.isEmpty {
        Issue.record("seed \(seed): \(failures.joined(separator: "; "))")
        return
      }
    }
  }

  private func run(seed: UInt64) async -> [String] {
    var random = SplitMix(state: seed)
    let ledger = Ledger()
    let checks = Checks()
    let shutsDown = seed % 4 == 3
    let shutdownAt = Int.random(in: 5..<60, using: &random)
    weak var releasedStore: Store<Sim>?
    weak var releasedInterpreter: EchoInterpreter?

    do {
      let store = Store(model: Sim(), updater: SimUpdater(), subscriptions: provider)
      let interpreter = EchoInterpreter(ledger: ledger)
      releasedStore = store
      releasedInterpreter = interpreter
      store.register(interpreter)
      let ticks = Int.random(in: 0..<4, using: &random)
      store.register(subscriptions: Ticks.self) { _, dispatch in
        ledger.began()
        defer { ledger.ended() }
        let sender = ledger.newSender()
        for sequence in 0..<ticks {
          await Task.yield()
          let stamp = Stamp(sender: sender, sequence: sequence)
          ledger.post(stamp) { dispatch(Step(stamp: stamp)) }
        }
      }

      // A monitor and a listener that send now and then, and check the live set on every message.
      var monitorSequence = 0
      let monitorEvery = Int.random(in: 3..<9, using: &random)
      store.addMonitor(
        FunctionMonitor<Sim> { [weak store] event in
          guard let store else { return }
          switch event {
          case .messageProcessed(let record, _, _, _):
            if checks.isShutDown, let step = record.message as? Step {
              checks.processedAfterShutdown.append(step.stamp)
            }
            // The previous message's reconciliation is complete: the live set must match.
            let live = Set(store.activeSubscriptions.map { AnyHashable($0) })
            let wanted = Set(checks.lastModel.wanted.map { AnyHashable(Ticks(key: $0)) })
            if !checks.isShutDown && live != wanted {
              checks.liveMismatches.append("live \(live.count) ≠ wanted \(wanted.count)")
            }
            checks.processedCount += 1
            let count = checks.processedCount
            if count.isMultiple(of: monitorEvery) && count < 150 {
              let stamp = Stamp(sender: -1, sequence: monitorSequence)
              monitorSequence += 1
              ledger.sent(stamp)
              store.send(Step(stamp: stamp, wants: count.isMultiple(of: 2) ? [count % 5, 7] : nil))
            }
            if shutsDown && count == shutdownAt {
              checks.isShutDown = true
              store.shutDown()
            }
          case .modelUpdated(_, let model):
            checks.lastModel = model
          case .messageDropped(let message, _, _):
            if let step = message as? Step { checks.dropped.append(step.stamp) }
          default: break
          }
        })
      var listenerSequence = 0
      store.addListener { [weak store] model in
        guard let store, model.processed.count.isMultiple(of: 7), model.processed.count < 150 else { return }
        let stamp = Stamp(sender: -2, sequence: listenerSequence)
        listenerSequence += 1
        ledger.sent(stamp)
        store.queue(Step(stamp: stamp, commands: 1, echoes: 1))
      }
      store.start()

      // Two tasks and the actor send at once.
      let dispatch = store.queue
      let plans: [[Step]] = (0..<3).map { sender in
        (0..<Int.random(in: 10..<30, using: &random)).map { sequence in
          Step(
            stamp: Stamp(sender: sender, sequence: sequence),
            commands: Int.random(in: 0..<3, using: &random), echoes: Int.random(in: 0..<3, using: &random),
            wants: Int.random(in: 0..<4, using: &random) == 0
              ? (0..<Int.random(in: 0..<4, using: &random)).map { _ in Int.random(in: 0..<6, using: &random) }
              : nil)
        }
      }
      await withTaskGroup(of: Void.self) { group in
        for plan in plans[0...1] {
          group.addTask {
            for step in plan {
              ledger.sent(step.stamp)
              if step.stamp.sequence.isMultiple(of: 3) {
                await store.send(step)
              } else {
                dispatch(step)
              }
            }
          }
        }
        for step in plans[2] {
          ledger.sent(step.stamp)
          store.send(step)
          if step.stamp.sequence.isMultiple(of: 4) { await Task.yield() }
        }
      }
      await store.settle()
      // Stop every subscription, wait for every task to end, and take what they sent.
      if !store.isStopped {
        let stamp = Stamp(sender: -3, sequence: 0)
        ledger.sent(stamp)
        store.send(Step(stamp: stamp, wants: []))
      }
      while ledger.running > 0 { await Task.yield() }
      // Tasks that start later (a cancelled command or subscription runs its body anyway) post to
      // a store that may be gone: what they send is not owed.
      ledger.close()
      await store.settle()
      store.shutDown()
    }
    while ledger.running > 0 { await Task.yield() }
    // An interpreter's task releases it just after its body returns: give those tasks their turn
    // (bounded, so a leak fails instead of hanging).
    var turns = 0
    while releasedInterpreter != nil && turns < 100_000 {
      await Task.yield()
      turns += 1
    }

    var failures: [String] = []
    let processed = checks.lastModel.processed
    var last: [Int: Int] = [:]
    for stamp in processed {
      if let previous = last[stamp.sender], previous >= stamp.sequence {
        failures.append("\(stamp) after \(stamp.sender)#\(previous)")
      }
      last[stamp.sender] = stamp.sequence
    }
    if Set(processed).count != processed.count { failures.append("a message was processed twice") }
    let accounted = Set(processed).union(checks.dropped)
    let lost = Set(ledger.allSent).subtracting(accounted)
    if !lost.isEmpty { failures.append("lost \(lost.sorted { $0.description < $1.description }.prefix(5))") }
    if !Set(processed).isDisjoint(with: checks.dropped) { failures.append("processed and dropped") }
    if !shutsDown, !checks.dropped.allSatisfy({ $0.sender >= 2_000_000_000 }) {
      failures.append("dropped a message that was not a stopped subscription's")
    }
    failures += checks.liveMismatches.prefix(3)
    if !checks.processedAfterShutdown.isEmpty {
      failures.append("processed after shutdown: \(checks.processedAfterShutdown.prefix(5))")
    }
    if releasedStore != nil { failures.append("the store was not released") }
    if releasedInterpreter != nil { failures.append("the interpreter was not released") }
    return failures
  }
}
