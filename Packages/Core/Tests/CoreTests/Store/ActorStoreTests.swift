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

  @Test("a main-actor StoreMonitor attached to an actor store receives every event, in order")
  func mainActorMonitor() async {
    let store = ActorStore(model: OrderTally(), updater: updater)
    let (events, received) = AsyncStream.makeStream(of: String.self)
    let monitor = await MainActor.run {
      FunctionMonitor<OrderTally> { event in
        if case .messageProcessed(let record, _, _, _) = event, let note = record.message as? Note {
          received.yield(note.text)
        }
      }
    }
    let id = await store.addMonitor(monitor)
    await store.perform { store in
      for index in 0..<100 { store.send(Note(text: "\(index)")) }
    }
    await store.removeMonitor(id)
    var texts: [String] = []
    for await text in events {
      texts.append(text)
      if texts.count == 100 { break }
    }
    #expect(texts == (0..<100).map { "\($0)" })
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
  /// What a host reported, reduced to what both must agree on whatever the timing of commands: each
  /// message's text with its cause (named by the text of the message whose command sent it), and the
  /// order of the external ones.
  private final class Report: Sendable {
    private let state = Mutex<(texts: [MessageID: String], causes: [String: String], external: [String])>(
      ([:], [:], []))

    func receive(_ event: StoreEvent<OrderTally>) {
      guard case .messageProcessed(let record, _, _, _) = event, let note = record.message as? Note else {
        return
      }
      state.withLock { state in
        state.texts[record.id] = note.text
        switch record.cause {
        case .external:
          state.causes[note.text] = "external"
          state.external.append(note.text)
        case .command(_, let emitter): state.causes[note.text] = "from \(state.texts[emitter] ?? "?")"
        case .subscription: state.causes[note.text] = "subscription"
        case .tool(let tool): state.causes[note.text] = "from \(tool)"
        }
      }
    }

    var causes: [String: String] { state.withLock { $0.causes } }
    var external: [String] { state.withLock { $0.external } }
  }

  private static let interpreter = FunctionInterpreter(for: Persist.self) { command, dispatch in
    dispatch(Note(text: "saved \(command.text)"))
  }

  @Test("a main-actor store and an actor store report the same messages, causes and order")
  func sameEvents() async {
    let notes = ["a", "save 1", "b", "save 2", "c"]

    let onMain = Report()
    let mainStore = await MainActor.run { () -> Store<OrderTally> in
      let store = Store(model: OrderTally(), updater: updater)
      store.register(Self.interpreter)
      store.addMonitor(FunctionMonitor<OrderTally> { onMain.receive($0) })
      for note in notes { store.send(Note(text: note)) }
      return store
    }
    await mainStore.settle()

    let onActor = Report()
    let actor = ActorStore(model: OrderTally(), updater: updater)
    await actor.register(Self.interpreter)
    await actor.addMonitor { _, event in onActor.receive(event) }
    await actor.perform { store in
      for note in notes { store.send(Note(text: note)) }
    }
    await actor.settle()

    // When a command's answer arrives relative to the later sends depends on timing, on both hosts;
    // the messages, their causes and the order of the external ones do not.
    #expect(onMain.external == notes)
    #expect(onActor.external == notes)
    #expect(onActor.causes == onMain.causes)
    #expect(onMain.causes["saved save 2"] == "from save 2")
    #expect(await actor.model.log.sorted() == MainActor.run { mainStore.model.log }.sorted())
  }
}
