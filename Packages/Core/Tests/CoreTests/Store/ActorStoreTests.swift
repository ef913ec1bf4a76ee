import Core
import Synchronization
import Testing

private struct Note: Message {
  let text: String
}

private struct Persist: Command, Equatable {
  let text: String
}

private struct NoteUpdater: TypedUpdater {
  func update(_ model: inout OrderTally, message: Note) -> [any Command] {
    model.log.append(message.text)
    return message.text.hasPrefix("save ") ? [Persist(text: message.text)] : []
  }
}

private let updater = CombinedUpdater<OrderTally>(.full(OrderTallyUpdater()), .full(NoteUpdater()))

/// Ticks while the log's last entry is "tick on".
private struct Ticker: Subscription {}

private let tickers = FunctionSubscriptionProvider<OrderTally> { model, _ in
  model.log.last == "tick on" ? [Ticker()] : []
}

@Suite("Actor store")
struct ActorStoreTests {
  @Test("100 tasks dispatching 1,000 messages each: all applied, each sender's in order")
  func arrivalOrderFromManyTasks() async {
    let store = ActorStore(model: OrderTally(), updater: updater)
    let dispatch = store.queue
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<100 {
        group.addTask {
          for sequence in 0..<1_000 {
            if sequence.isMultiple(of: 2) {
              dispatch(Sequenced(sender: sender, sequence: sequence))
            } else {
              await store.send(Sequenced(sender: sender, sequence: sequence))
            }
          }
        }
      }
    }
    await store.settle()
    let model = await store.model
    #expect(model.applied == 100_000)
    #expect(model.outOfOrder == 0)
  }

  @Test("a command's interpreter sends its result back; the cause names the command")
  func commandsAndCauses() async {
    let store = ActorStore(model: OrderTally(), updater: updater)
    await store.register(
      FunctionInterpreter(for: Persist.self) { command, dispatch in
        dispatch(Note(text: "saved \(command.text)"))
      })
    let causes = Mutex<[String: Cause]>([:])
    await store.addMonitor { _, event in
      if case .messageProcessed(let record, _, _, _) = event, let note = record.message as? Note {
        causes.withLock { $0[note.text] = record.cause }
      }
    }
    await store.send(Note(text: "save 1"))
    await store.settle()
    #expect(await store.model.log == ["save 1", "saved save 1"])
    let cause = causes.withLock { $0["saved save 1"] }
    #expect(cause == .command(CommandID(rawValue: 1), emittedBy: MessageID(rawValue: 1)))
  }

  @Test("a monitor's send is queued behind what is queued, and processed before send returns")
  func reentrancyRule() async {
    let store = ActorStore(model: OrderTally(), updater: updater)
    await store.perform { store in
      store.addMonitor { store, event in
        guard case .messageProcessed(let record, _, _, _) = event, (record.message as? Note)?.text == "a"
        else { return }
        store.send(Note(text: "from monitor"))
      }
      store.queue(Note(text: "a"))
      store.queue(Note(text: "b"))
      store.send(Note(text: "c"))
      #expect(store.model.log == ["a", "b", "c", "from monitor"])
    }
  }

  @Test("a subscription starts with the model and its task is cancelled when the model stops asking")
  func subscriptions() async {
    let store = ActorStore(model: OrderTally(), updater: updater, subscriptions: tickers)
    let (runs, run) = AsyncStream.makeStream(of: Void.self)
    let (ends, end) = AsyncStream.makeStream(of: Void.self)
    await store.register(subscriptions: Ticker.self) { _, _ in
      run.yield()
      await withTaskCancellationHandler {
        for await _ in AsyncStream<Void>.makeStream().stream {}
      } onCancel: {
        end.yield()
      }
    }
    await store.send(Note(text: "tick on"))
    #expect(await store.activeSubscriptions.count == 1)
    var started = runs.makeAsyncIterator()
    #expect(await started.next() != nil)
    await store.send(Note(text: "tick off"))
    #expect(await store.activeSubscriptions.isEmpty)
    var cancelled = ends.makeAsyncIterator()
    #expect(await cancelled.next() != nil)
  }

  @Test("after shutDown nothing is processed and the store is released")
  func shutdownReleases() async {
    weak var released: ActorStore<OrderTally>?
    do {
      let store = ActorStore(model: OrderTally(), updater: updater)
      await store.register(
        FunctionInterpreter(for: Persist.self) { _, _ in
          // Ignores cancellation: finishes on its own, after the store has shut down.
          for _ in 0..<1_000 { await Task.yield() }
        })
      await store.send(Note(text: "save x"))
      await store.shutDown()
      await store.send(Note(text: "after"))
      #expect(await store.model.log == ["save x"])
      released = store
    }
    #expect(released == nil)
  }
}

/// One scenario, run by both hosts: the same events in the same order, because both run the same
/// loop. Features are tested with CoreTesting's `TestStore` (main actor) and deployed on either.
@Suite("Both hosts")
struct HostParityTests {
  private static func describe(_ event: StoreEvent<OrderTally>) -> String? {
    switch event {
    case .messageProcessed(let record, _, let commands, _):
      "\(record.id) \(record.cause) \(record.message) → \(commands.map { "\($0.id)" })"
    case .commandFinished(let record, _): "finished \(record.id)"
    default: nil
    }
  }

  private static let interpreter = FunctionInterpreter(for: Persist.self) { command, dispatch in
    dispatch(Note(text: "saved \(command.text)"))
  }

  @Test("a main-actor store and an actor store report the same events for the same messages")
  func sameEvents() async {
    let notes = ["a", "save 1", "b", "save 2", "c"]

    let mainLog = await MainActor.run { () -> Store<OrderTally> in
      Store(model: OrderTally(), updater: updater)
    }
    let mainEvents = await MainActor.run { () -> [String] in
      var events: [String] = []
      mainLog.register(Self.interpreter)
      mainLog.addMonitor(
        FunctionMonitor<OrderTally> { if let line = Self.describe($0) { events.append(line) } })
      for note in notes { mainLog.send(Note(text: note)) }
      return events
    }
    await mainLog.settle()
    let mainFinal = await MainActor.run { mainLog.model.log }

    let actor = ActorStore(model: OrderTally(), updater: updater)
    let lines = Mutex<[String]>([])
    await actor.register(Self.interpreter)
    await actor.addMonitor { _, event in
      if let line = Self.describe(event) { lines.withLock { $0.append(line) } }
    }
    await actor.perform { store in
      for note in notes { store.send(Note(text: note)) }
    }
    await actor.settle()
    let actorFinal = await actor.model.log

    // The synchronous part (the five sends, made without a suspension on each host) is identical;
    // what follows depends on when commands finish, so the final logs are compared as sets.
    let actorEvents = lines.withLock { $0 }
    #expect(Array(actorEvents.prefix(mainEvents.count)) == mainEvents)
    #expect(actorFinal.sorted() == mainFinal.sorted())
    #expect(actorFinal.count == 7)
  }
}
