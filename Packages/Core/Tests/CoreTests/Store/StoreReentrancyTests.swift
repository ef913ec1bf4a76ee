import Core
import Observation
import Synchronization
import Testing

// The one rule for reentrancy: while the store is inside its loop, a send from any callback is
// queued behind everything already queued and processed after the current message; the loop never
// nests. Each test sends from one kind of callback and checks the order of processing and that no
// message was processed inside another.

/// A message that names itself, so the processing order reads as a list of names.
private struct Named: Message, Equatable {
  let name: String
}

private enum Work: Command {
  case emit(String)
}

/// Logs every message's name; `emit` messages ask for a command.
private struct NamedUpdater: TypedUpdater {
  func update(_ model: inout Names, message: Named) -> [any Command] {
    model.processed.append(message.name)
    if message.name.hasPrefix("emit") { return [Work.emit(message.name)] }
    return []
  }
}

private struct Names: Equatable, Sendable {
  var processed: [String] = []
}

/// Checks that each message's events are contiguous: between one message's `messageProcessed` and
/// the next, every started command and subscription belongs to it (a nested message would start
/// its own in between).
@MainActor
private final class NestingCheck: StoreMonitor {
  private var current: MessageID?
  private(set) var violations: [String] = []
  private var depth = 0
  private(set) var maximumDepth = 0

  func receive(_ event: StoreEvent<Names>) {
    depth += 1
    maximumDepth = max(maximumDepth, depth)
    defer { depth -= 1 }
    switch event {
    case .messageProcessed(let record, _, _, _): current = record.id
    case .commandStarted(let record) where record.emittedBy != current:
      // A command started in place of a finished one (the running-command bound) is emitted by an
      // earlier message; none is started here with the default bound.
      violations.append(
        "\(record.id) of \(record.emittedBy) started while \(current.map { "\($0)" } ?? "-") ran")
    case .subscriptionStarted(let record, let startedBy?) where startedBy != current:
      violations.append("\(record.id) started by \(startedBy) while \(current.map { "\($0)" } ?? "-") ran")
    default: break
    }
  }
}

@Suite("Store reentrancy")
@MainActor
struct StoreReentrancyTests {
  private func makeStore() -> (Store<Names>, NestingCheck) {
    let store = Store(model: Names(), updater: NamedUpdater())
    let check = NestingCheck()
    store.addMonitor(check)
    store.register(FunctionInterpreter(for: Work.self) { _, _ in })
    return (store, check)
  }

  @Test("a monitor sending on a mailbox event runs after the rest of the batch, not in a nested drain")
  func monitorOnMailboxEvent() async {
    // Regression: a send from a monitor told of a mailbox event (`.messageDropped` here;
    // `.commandFinished` and `.subscriptionFailed` took the same path) started a second drain inside
    // the first, which processed `seq2` and `fromMonitor` before `y`, posted earlier.
    let store = Store(model: Names(), updater: NamedUpdater(), subscriptions: StaleSubscription.provider)
    let box = DispatchBox()
    store.register(subscriptions: StaleSubscription.self) { _, dispatch in box.set(dispatch) }
    store.send(Named(name: "a"))  // the subscription starts; its task hands over its dispatch
    let stale = await box.wait()
    store.send(Named(name: "stop"))  // the provider asks for nothing after "stop"
    #expect(store.activeSubscriptions.isEmpty)
    var told = false
    store.addMonitor(
      FunctionMonitor<Names> { [weak store] event in
        guard case .messageDropped = event, !told, let store else { return }
        told = true
        store.queue(Named(name: "seq2"))
        store.send(Named(name: "fromMonitor"))
      })
    // Both posted to the mailbox before anything drains it: [dropped, y].
    stale(Named(name: "late"))
    store.queue(Named(name: "y"))
    store.send(Named(name: "c"))
    #expect(store.model.processed == ["a", "stop", "y", "c", "seq2", "fromMonitor"])
  }

  @Test("a monitor's send while a message is processed runs after messages queued before it")
  func monitorDuringProcessing() {
    let (store, check) = makeStore()
    store.addMonitor(
      FunctionMonitor<Names> { [weak store] event in
        guard case .messageProcessed(let record, _, _, _) = event,
          (record.message as? Named)?.name == "a"
        else { return }
        store?.send(Named(name: "m"))
      })
    store.queue(Named(name: "a"))
    store.queue(Named(name: "b"))
    store.send(Named(name: "c"))
    #expect(store.model.processed == ["a", "b", "c", "m"])
    #expect(check.violations.isEmpty)
    #expect(check.maximumDepth == 1)
  }

  @Test("a listener's send is processed after the current message, before send returns")
  func listener() {
    let (store, check) = makeStore()
    store.addListener { [weak store] model in
      if model.processed.last == "emit1" { store?.send(Named(name: "fromListener")) }
    }
    store.send(Named(name: "emit1"))
    #expect(store.model.processed == ["emit1", "fromListener"])
    #expect(check.violations.isEmpty)
  }

  @Test("an Observation observer's send is processed after the change it observed")
  func observationObserver() {
    let (store, check) = makeStore()
    withObservationTracking {
      _ = store.model
    } onChange: { [weak store] in
      // Called as the mutation begins: the message must not run inside the update.
      MainActor.assumeIsolated { _ = store?.send(Named(name: "fromObserver")) }
    }
    store.send(Named(name: "emit1"))
    #expect(store.model.processed == ["emit1", "fromObserver"])
    #expect(check.violations.isEmpty)
  }

  @Test("a subscription whose start and stop send runs them after the message that started it")
  func subscriptionStartAndStop() {
    let store = Store(model: Names(), updater: NamedUpdater(), subscriptions: Toggled.provider)
    let check = NestingCheck()
    store.addMonitor(check)
    store.register(FunctionInterpreter(for: Work.self) { _, _ in })
    store.register(subscriptions: Toggled.self) { [weak store] _, _ in
      SendingOnStartAndStop(store: store)
    }
    store.send(Named(name: "emit-on"))
    #expect(store.model.processed == ["emit-on", "started"])
    store.send(Named(name: "off"))
    #expect(store.model.processed == ["emit-on", "started", "off", "stopped"])
    #expect(check.violations.isEmpty)
  }

  @Test("a monitor that sends while start() starts subscriptions cannot leave stale ones running")
  func sendDuringStart() {
    // Regression: the send ran inside start()'s reconcile, before the first subscription was
    // recorded as live, so the inner reconcile could not stop it: both stayed live.
    let store = Store(model: Counter(), updater: CounterUpdater(), subscriptions: FirstTwo.provider)
    store.register(subscriptions: FirstTwo.self) { _, _ in Idle() }
    var bumped = false
    store.addMonitor(
      FunctionMonitor<Counter> { [weak store] event in
        guard case .subscriptionStarted = event, !bumped else { return }
        bumped = true
        store?.send(CounterMessage.increment)
      })
    store.start()
    #expect(store.model.value == 1)
    #expect(store.activeSubscriptions.isEmpty)
  }

  @Test("a monitor sending on every command's end under load: one order, no loss, no nesting")
  func loadWithMonitorOnCommandFinished() async {
    let store = Store(model: OrderTally(), updater: OrderTallyUpdater())
    store.register(
      FunctionInterpreter(for: Echo.self) { echo, dispatch in
        dispatch(Sequenced(sender: echo.sender, sequence: echo.sequence))
      })
    var monitorSequence = 0
    var depth = 0
    var maximumDepth = 0
    store.addMonitor(
      FunctionMonitor<OrderTally> { [weak store] event in
        depth += 1
        maximumDepth = max(maximumDepth, depth)
        defer { depth -= 1 }
        guard case .commandFinished = event, let store else { return }
        store.queue(Sequenced(sender: -1, sequence: monitorSequence))
        store.send(Sequenced(sender: -2, sequence: monitorSequence))
        monitorSequence += 1
      })
    let dispatch = store.queue
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<20 {
        group.addTask {
          for sequence in 0..<1_000 { dispatch(Sequenced(sender: sender, sequence: sequence)) }
        }
      }
      // One ordered sender on the actor whose messages each emit a command.
      for sequence in 0..<1_000 { store.send(Sequenced(sender: 1_000, sequence: sequence, echo: true)) }
    }
    await store.settle()
    #expect(store.model.outOfOrder == 0)
    // 20,000 from tasks, 1,000 ordered, 1,000 echoes, and two from the monitor per echo command.
    #expect(store.model.applied == 20_000 + 1_000 + 1_000 + 2 * 1_000)
    #expect(maximumDepth == 1)
  }
}

// MARK: - Fixtures

/// Alive until a message named "stop" has been processed.
private struct StaleSubscription: Subscription {
  static let provider = FunctionSubscriptionProvider<Names> { model, _ in
    model.processed.contains("stop") ? [] : [StaleSubscription()]
  }
}

/// Alive while the last message's name ends in "on".
private struct Toggled: Subscription {
  static let provider = FunctionSubscriptionProvider<Names> { model, _ in
    (model.processed.last ?? "").hasSuffix("on") || model.processed.last == "started" ? [Toggled()] : []
  }
}

/// The two subscriptions a counter at zero asks for; none after.
private struct FirstTwo: Subscription {
  let index: Int
  static let provider = FunctionSubscriptionProvider<Counter> { model, _ in
    model.value == 0 ? [FirstTwo(index: 0), FirstTwo(index: 1)] : []
  }
}

@MainActor
private final class Idle: SubscriptionInterpreter {
  func start() {}
  func stop() {}
}

@MainActor
private final class SendingOnStartAndStop: SubscriptionInterpreter {
  weak var store: Store<Names>?
  init(store: Store<Names>?) { self.store = store }
  func start() { store?.send(Named(name: "started")) }
  func stop() { store?.send(Named(name: "stopped")) }
}

/// Hands a subscription's dispatch from its task to the test.
private final class DispatchBox: Sendable {
  private let state = Mutex<(Dispatch?, CheckedContinuation<Dispatch, Never>?)>((nil, nil))

  func set(_ dispatch: Dispatch) {
    let waiter = state.withLock { state in
      state.0 = dispatch
      defer { state.1 = nil }
      return state.1
    }
    waiter?.resume(returning: dispatch)
  }

  func wait() async -> Dispatch {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Dispatch? in
        if let dispatch = state.0 { return dispatch }
        state.1 = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
