import Core
import CoreTesting
import Testing

/// A model whose counter decides which subscription is alive and whose message emits a command.
private struct Phase: Equatable, Sendable {
  var step = 0
}

private enum PhaseMessage: Message, Equatable {
  case advance
  case done
}

private enum PhaseCommand: Command, Equatable {
  case work(Int)
}

private struct PhaseSubscription: Subscription {
  let step: Int
}

private struct PhaseUpdater: TypedUpdater {
  func update(_ model: inout Phase, message: PhaseMessage) -> [any Command] {
    guard message == .advance else { return [] }
    model.step += 1
    return [PhaseCommand.work(model.step)]
  }
}

@MainActor
private final class LoggingSubscription: SubscriptionInterpreter {
  let name: String
  let journal: Journal
  init(name: String, journal: Journal) {
    self.name = name
    self.journal = journal
  }
  func start() { journal.add("start \(name)") }
  func stop() { journal.add("stop \(name)") }
}

@Suite("Store loop")
@MainActor
struct StoreLoopTests {
  @Test("one message runs update, then observers, then stops, then starts, then commands")
  func orderWithinOneMessage() async {
    let journal = Journal()
    let store = Store(
      model: Phase(), updater: PhaseUpdater(),
      subscriptions: FunctionSubscriptionProvider { model, _ in [PhaseSubscription(step: model.step)] })
    let monitor = FunctionMonitor<Phase> { event in
      switch event {
      case .modelUpdated(_, let model): journal.add("model step \(model.step)")
      case .commandStarted(let record): journal.add("command \(record.command)")
      default: break
      }
    }
    store.addMonitor(monitor)
    store.addListener { model in journal.add("listener step \(model.step)") }
    store.register(subscriptions: PhaseSubscription.self) { subscription, _ in
      LoggingSubscription(name: "s\(subscription.step)", journal: journal)
    }
    store.register(FunctionInterpreter(for: PhaseCommand.self) { _, _ in })
    store.start()
    journal.entries.removeAll()

    store.send(PhaseMessage.advance)

    #expect(
      journal.entries == [
        "model step 1", "listener step 1", "stop s0", "start s1", "command work(1)",
      ])
    await store.settle()
  }

  @Test("a command's interpreter runs after the model has changed")
  func commandsSeeTheChangedModel() async {
    let store = Store(model: Phase(), updater: PhaseUpdater())
    let seen = Journal()
    store.register(
      FunctionInterpreter(for: PhaseCommand.self) { [weak store] command, _ in
        let step = await store?.model.step
        await seen.add("command \(command) saw step \(step ?? -1)")
      })
    store.send(PhaseMessage.advance)
    await store.settle()
    #expect(seen.entries == ["command work(1) saw step 1"])
  }

  @Test("a message sent by a listener is processed after the current one, not inside it")
  func reentrantSend() {
    let store = Store(model: Counter(), updater: CounterUpdater())
    let journal = Journal()
    store.addListener { [weak store] model in
      journal.add("listener \(model.value)")
      if model.value == 1 { store?.send(CounterMessage.increment) }
    }
    store.send(CounterMessage.increment)
    #expect(journal.entries == ["listener 1", "listener 2"])
    #expect(store.model.value == 2)
  }

  @Test("message ids come from a counter, in processing order")
  func identifiers() {
    let store = Store(model: Counter(), updater: CounterUpdater())
    let monitor = RecordingMonitor<Counter>()
    store.addMonitor(monitor)
    for _ in 0..<3 { store.send(CounterMessage.increment) }
    #expect(monitor.processed.map(\.id.rawValue) == [1, 2, 3])
    #expect(monitor.processed.allSatisfy { $0.cause == .external })
  }
}
