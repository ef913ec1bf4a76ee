import Core
import Testing

@testable import Core

@Suite("Store errors")
@MainActor
struct StoreErrorTests {
  @Test("an interpreter that throws is reported with its error, and the store keeps working")
  func interpreterThrows() async throws {
    let store = Store(model: Counter(), updater: CounterUpdater())
    let monitor = RecordingMonitor<Counter>()
    store.addMonitor(monitor)
    store.register(FunctionInterpreter(for: CounterCommand.self) { _, _ in throw Boom() })
    store.send(CounterMessage.save)
    await store.settle()

    let failure = monitor.events.compactMap { event -> (CommandRecord, any Error)? in
      if case .commandFailed(let record, let error, _) = event { (record, error) } else { nil }
    }
    try #require(failure.count == 1)
    #expect(failure[0].0.command as? CounterCommand == .persist(0))
    #expect(failure[0].1 is Boom)
    store.send(CounterMessage.increment)
    #expect(store.model.value == 1)
  }

  @Test("a command without an interpreter is reported and not performed")
  func noInterpreter() {
    let store = Store(model: Counter(), updater: CounterUpdater())
    let monitor = RecordingMonitor<Counter>()
    store.addMonitor(monitor)
    store.send(CounterMessage.save)
    #expect(monitor.kinds == ["processed m1", "model m1", "no interpreter c1"])
    store.send(CounterMessage.increment)
    #expect(store.model.value == 1)
  }

  @Test("a message no updater handles is reported and leaves the model alone")
  func unhandled() {
    let store = Store(model: Counter(value: 4), updater: CounterUpdater())
    let monitor = RecordingMonitor<Counter>()
    store.addMonitor(monitor)
    store.send(TodoMessage.add("stray"))
    #expect(monitor.kinds == ["processed m1", "unhandled m1"])
    #expect(store.model == Counter(value: 4))
  }

  @Test("a send after shutdown is dropped and reported; the store does not process it")
  func sendAfterShutdown() async {
    let store = Store(model: Counter(), updater: CounterUpdater())
    let monitor = RecordingMonitor<Counter>()
    store.addMonitor(monitor)
    store.shutDown()
    store.send(CounterMessage.increment)
    store.queue(CounterMessage.increment)
    await store.settle()
    #expect(store.model.value == 0)
    #expect(monitor.kinds == ["dropped from external", "dropped from external"])
    #expect(store.isStopped)
  }

  @Test("without monitors, problems are described in one clear line each")
  func problemDescriptions() {
    let message = MessageRecord(id: MessageID(rawValue: 3), cause: .external, message: TodoMessage.add("x"))
    let command = CommandRecord(
      id: CommandID(rawValue: 2), emittedBy: MessageID(rawValue: 1), command: CounterCommand.persist(1))
    #expect(
      ProblemDescription.describe(StoreEvent<Counter>.unhandledMessage(message))
        == #"no updater handled TodoMessage.add("x") (m3, cause: external)"#)
    #expect(
      ProblemDescription.describe(StoreEvent<Counter>.noInterpreter(command))
        == "no interpreter registered for CounterCommand; c2 CounterCommand.persist(1) from m1 was not performed"
    )
    #expect(
      ProblemDescription.describe(StoreEvent<Counter>.commandFailed(command, error: Boom(), duration: .zero))
        == "c2 CounterCommand.persist(1) failed: boom")
    #expect(
      ProblemDescription.describe(
        StoreEvent<Counter>.messageDropped(CounterMessage.increment, cause: .external, reason: .storeShutDown)
      )
        == "dropped CounterMessage.increment (cause: external): the store is shut down")
    // A subscription's message in flight as the store stops it is no problem: the to-do app printed
    // "[Store] dropped SystemMessage.clockTicked(…)" after a script ended (issue 59).
    let subscription = Cause.subscription(SubscriptionID(rawValue: 4))
    for reason in [DropReason.storeShutDown, .subscriptionStopped] {
      #expect(
        ProblemDescription.describe(
          StoreEvent<Counter>.messageDropped(CounterMessage.increment, cause: subscription, reason: reason))
          == nil)
    }
    #expect(
      ProblemDescription.describe(
        StoreEvent<Counter>.messageDropped(
          CounterMessage.increment, cause: subscription, reason: .commandReturned))
        != nil)
    #expect(
      ProblemDescription.describe(StoreEvent<Counter>.modelUpdated(MessageID(rawValue: 1), model: Counter()))
        == nil)
  }

  @Test("a problem report never prints a secret, even one inside a value that describes itself")
  func problemDescriptionsRedactSecrets() {
    let message = MessageRecord(
      id: MessageID(rawValue: 4), cause: .external,
      message: TokenMessage.received(TokenHolder(token: Secret("tok-9"))))
    let text = ProblemDescription.describe(StoreEvent<Counter>.unhandledMessage(message))
    #expect(
      text
        == "no updater handled TokenMessage.received(TokenHolder(token: Secret(••••))) (m4, cause: external)")
  }

  @Test("registering two interpreters for one command type stops with a message naming the type")
  func duplicateRegistration() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let store = Store(model: Counter(), updater: CounterUpdater())
        store.register(FunctionInterpreter(for: CounterCommand.self) { _, _ in })
        store.register(FunctionInterpreter(for: CounterCommand.self) { _, _ in })
      }
    }
  }
}

/// Describes itself with its token: a report must not trust that description.
private struct TokenHolder: Sendable, CustomStringConvertible {
  var token: Secret<String>
  var description: String { "TokenHolder(\(token.revealed))" }
}

private enum TokenMessage: Message {
  case received(TokenHolder)
}
