import Core
import CoreTesting
import Dispatch
import Synchronization
import Testing

private struct Ledger: Equatable, Sendable {
  var entries: [String] = []
}

private enum LedgerMessage: Message, Equatable {
  /// Emits `write(text)`, or `write(text)` twice when `twice`.
  case record(String, twice: Bool = false)
  case written(String)
}

private enum LedgerCommand: Command, Equatable {
  case write(String)
}

private struct LedgerUpdater: TypedUpdater {
  func update(_ model: inout Ledger, message: LedgerMessage) -> [any Command] {
    switch message {
    case .record(let text, let twice):
      return twice
        ? [LedgerCommand.write(text), LedgerCommand.write(text + "'")] : [LedgerCommand.write(text)]
    case .written(let text):
      model.entries.append(text)
      // A written entry ending in "+" records a follow-up: a tree of commands performed now.
      return text.hasSuffix("+") ? [LedgerCommand.write(String(text.dropLast()) + "!")] : []
    }
  }
}

/// Performs writes now unless told to decline; counts how each write was performed.
private final class LedgerInterpreter: SynchronousCommandInterpreter {
  struct Counts: Equatable {
    var now = 0
    var inTask = 0
  }

  struct Refused: Error, Equatable {}

  let declines: Bool
  let counts = Mutex(Counts())

  init(declines: Bool = false) { self.declines = declines }

  func interpretNow(_ command: LedgerCommand, dispatch: Dispatch) throws -> Bool {
    guard !declines else { return false }
    guard case .write(let text) = command else { return false }
    if text == "fail" { throw Refused() }
    counts.withLock { $0.now += 1 }
    // A silent write sends nothing back.
    if !text.hasPrefix("silent") { dispatch(LedgerMessage.written(text)) }
    return true
  }

  func interpret(_ command: LedgerCommand, dispatch: Dispatch) async throws {
    guard case .write(let text) = command else { return }
    counts.withLock { $0.inTask += 1 }
    dispatch(LedgerMessage.written(text))
  }
}

/// Declines "slow" writes, which wait in their task until `gate` opens; performs the rest now.
/// Declines "go" after another thread has posted "other" through the store's queue, and writes
/// "go" in its task only once the store has processed "other".
private final class GatedInterpreter: SynchronousCommandInterpreter {
  let counts = Mutex(LedgerInterpreter.Counts())
  let gate: AsyncStream<Void>
  let queue: Dispatch?

  init(gate: AsyncStream<Void>, queue: Dispatch? = nil) {
    self.gate = gate
    self.queue = queue
  }

  func interpretNow(_ command: LedgerCommand, dispatch: Dispatch) -> Bool {
    guard case .write(let text) = command else { return false }
    if text == "slow" { return false }
    if text == "go", let queue {
      DispatchQueue.global().sync { _ = queue(LedgerMessage.written("other")) }
      return false
    }
    counts.withLock { $0.now += 1 }
    dispatch(LedgerMessage.written(text))
    return true
  }

  func interpret(_ command: LedgerCommand, dispatch: Dispatch) async {
    guard case .write(let text) = command else { return }
    counts.withLock { $0.inTask += 1 }
    if text == "slow" || text == "go" {
      for await _ in gate { break }
    }
    dispatch(LedgerMessage.written(text))
  }
}

@Suite("Synchronous interpreters")
@MainActor
struct SynchronousInterpreterTests {
  @Test("a command performed now: its messages are processed before send returns")
  func processedBeforeSendReturns() async {
    let store = Store(model: Ledger(), updater: LedgerUpdater())
    let interpreter = LedgerInterpreter()
    store.register(interpreter)
    let sent = store.send(LedgerMessage.record("a", twice: true))
    #expect(store.model.entries == ["a", "a'"])
    #expect(interpreter.counts.withLock { $0 } == .init(now: 2, inTask: 0))
    await sent.finish()
    await store.settle()
  }

  @Test(
    "one command at a time: the next waits until the one performed now has ended, with or without messages",
    arguments: ["a", "silent"])
  func oneAtATimeUnmonitored(text: String) async {
    let store = Store(model: Ledger(), updater: LedgerUpdater())
    store.settings.maximumRunningCommands = 1
    let interpreter = LedgerInterpreter()
    store.register(interpreter)
    let sent = store.send(LedgerMessage.record(text, twice: true))
    #expect(store.model.entries == (text == "a" ? ["a", "a'"] : []))
    #expect(interpreter.counts.withLock { $0 } == .init(now: 2, inTask: 0))
    #expect(store.loop.isIdle)
    #expect(store.loop.commandRecordCount == 0)
    await sent.finish()
    await store.settle()
  }

  @Test("a tree of commands performed now plays out inside one send, in order")
  func treeInsideOneSend() {
    let store = Store(model: Ledger(), updater: LedgerUpdater())
    store.register(LedgerInterpreter())
    store.send(LedgerMessage.record("x+"))
    store.send(LedgerMessage.record("y"))
    #expect(store.model.entries == ["x+", "x!", "y"])
  }

  @Test(
    "a message a command performed now sends waits behind the messages taken with the one that emitted it")
  func behindTakenMessages() async {
    let store = Store(model: Ledger(), updater: ArrivalLogUpdater())
    store.register(CrossingInterpreter(queue: store.queue))
    // Queued together, so one drain takes both before either command is performed.
    store.queue(LedgerMessage.record("a"))
    store.queue(LedgerMessage.record("b"))
    await store.settle()
    #expect(store.model.entries == ["record a", "record b", "written a", "written b"])
  }

  @Test("a message a command performed now sends after another thread queued one is processed after it")
  func behindAnotherThreadsMessage() async {
    let store = Store(model: Ledger(), updater: ArrivalLogUpdater())
    store.register(CrossingInterpreter(queue: store.queue))
    store.send(LedgerMessage.record("late"))
    #expect(store.model.entries == ["record late", "written other", "written late"])
    await store.settle()
  }

  @Test("an interpreter that declines has the command performed in a task, as usual")
  func declining() async {
    let store = Store(model: Ledger(), updater: LedgerUpdater())
    let interpreter = LedgerInterpreter(declines: true)
    store.register(interpreter)
    let sent = store.send(LedgerMessage.record("b"))
    // "b" may be back already: its task may post before `send` returns, which drains it.
    #expect(interpreter.counts.withLock { $0.now } == 0)
    await sent.finish()
    #expect(store.model.entries == ["b"])
    #expect(interpreter.counts.withLock { $0 } == .init(now: 0, inTask: 1))
  }

  @Test("unmonitored, a command that throws ends like one that returned, and no record is kept")
  func unmonitoredFailure() async {
    let store = Store(model: Ledger(), updater: LedgerUpdater())
    store.register(LedgerInterpreter())
    // Without a monitor the failure goes to standard error; its end still reaches the loop.
    let failed = store.send(LedgerMessage.record("fail"))
    await failed.finish()
    await store.settle()
    #expect(store.loop.commandRecordCount == 0)
    store.send(LedgerMessage.record("after"))
    #expect(store.model.entries == ["after"])
    #expect(store.loop.commandRecordCount == 0)
  }

  @Test("monitors see the command start, its message, and its end, in that order; a throw is a failure")
  func monitored() async {
    let store = Store(model: Ledger(), updater: LedgerUpdater())
    store.register(LedgerInterpreter())
    var events: [String] = []
    store.addMonitor(
      FunctionMonitor<Ledger> { event in
        switch event {
        case .messageProcessed(let record, _, let commands, _):
          events.append("processed \(record.message) → \(commands.map(\.id))")
        case .commandStarted(let record): events.append("started \(record.id)")
        case .commandFinished(let record, _): events.append("finished \(record.id)")
        case .commandFailed(let record, let error, _): events.append("failed \(record.id) \(error)")
        default: break
        }
      })
    store.send(LedgerMessage.record("c"))
    store.send(LedgerMessage.record("fail"))
    await store.settle()
    #expect(
      events == [
        #"processed record("c", twice: false) → [c1]"#, "started c1", #"processed written("c") → []"#,
        "finished c1", #"processed record("fail", twice: false) → [c2]"#, "started c2", "failed c2 Refused()",
      ])
    #expect(store.model.entries == ["c"])
  }

  @Test("a message sent by a command performed now names that command as its cause")
  func cause() {
    let store = Store(model: Ledger(), updater: LedgerUpdater())
    store.register(LedgerInterpreter())
    var causes: [Cause] = []
    store.addMonitor(
      FunctionMonitor<Ledger> { event in
        if case .messageProcessed(let record, _, _, _) = event { causes.append(record.cause) }
      })
    store.send(LedgerMessage.record("d"))
    #expect(causes.count == 2)
    #expect(causes.first == .external)
    if case .command(_, let emittedBy) = causes.last {
      #expect(emittedBy == MessageID(rawValue: 1))
    } else {
      Issue.record("the written message's cause is \(String(describing: causes.last))")
    }
  }

  @Test("a test store receives the messages of a command performed now like any other")
  func testStore() async {
    let store = TestStore(model: Ledger(), updater: LedgerUpdater())
    store.register(LedgerInterpreter())
    store.send(LedgerMessage.record("e"))
    store.expectCommands([LedgerCommand.write("e")])
    await store.receive(LedgerMessage.written("e")) { $0.entries = ["e"] }
    await store.finish()
  }

  @Test("a message another thread posts while an interpreter declines is processed without waiting for more")
  func postWhileDeclining() async {
    let store = Store(model: Ledger(), updater: LedgerUpdater())
    let (processed, other) = AsyncStream<Void>.makeStream()
    store.register(GatedInterpreter(gate: processed, queue: store.queue))
    // The declined "go" waits in its task until "other" is processed: stranded in the mailbox, with
    // no drain scheduled, "other" never was, and neither was "go".
    let bothArrived = await waitWithTimeout(.seconds(30)) { resume in
      _ = store.addListener { model in
        if model.entries == ["other"] { other.yield() }
        if model.entries == ["other", "go"] { resume(true) }
      }
      store.send(LedgerMessage.record("go"))
    }
    #expect(bothArrived)
    #expect(store.model.entries == ["other", "go"])
    if bothArrived { await store.settle() }
  }

  @Test("while a command of the interpreter runs in its task, its later commands run in tasks too")
  func noOvertaking() async {
    let store = Store(model: Ledger(), updater: LedgerUpdater())
    let (gate, open) = AsyncStream<Void>.makeStream()
    let interpreter = GatedInterpreter(gate: gate)
    store.register(interpreter)
    store.send(LedgerMessage.record("slow"))
    store.send(LedgerMessage.record("fast"))
    // "fast" may be back already (its task may post before `send` returns, which drains it).
    #expect(!store.model.entries.contains("slow"))
    #expect(interpreter.counts.withLock { $0.now } == 0)
    open.yield()
    await store.settle()
    #expect(Set(store.model.entries) == ["slow", "fast"])
    #expect(interpreter.counts.withLock { $0 } == .init(now: 0, inTask: 2))
    store.send(LedgerMessage.record("again"))
    #expect(store.model.entries.last == "again")
    #expect(interpreter.counts.withLock { $0 } == .init(now: 1, inTask: 2))
  }

  @Test("it performs commands now however registered: directly, from generic code, through Registrations")
  func everyRegistrationPerformsNow() async {
    // `register` resolves to the inlinable overload for a synchronous interpreter where its type is
    // known, and to the general one in generic code; `Registrations` has both too.
    func registeredGenerically<I: CommandInterpreter>(_ interpreter: I, on store: Store<Ledger>) {
      store.register(interpreter)
    }
    var registrations = Registrations()
    let viaRegistrations = LedgerInterpreter()
    registrations.register(viaRegistrations)
    let direct = LedgerInterpreter()
    let generic = LedgerInterpreter()
    let ways: [(LedgerInterpreter, (Store<Ledger>) -> Void)] = [
      (direct, { $0.register(direct) }),
      (generic, { registeredGenerically(generic, on: $0) }),
      (viaRegistrations, { $0.register(registrations) }),
    ]
    for (interpreter, register) in ways {
      let store = Store(model: Ledger(), updater: LedgerUpdater())
      register(store)
      store.send(LedgerMessage.record("n"))
      #expect(store.model.entries == ["n"])
      #expect(interpreter.counts.withLock { $0 } == .init(now: 1, inTask: 0))
    }
  }

  @Test("an actor store performs it on its actor, inside send")
  func actorStore() async {
    let store = ActorStore(model: Ledger(), updater: LedgerUpdater())
    await store.register(LedgerInterpreter())
    let entries = await store.perform { store in
      store.send(LedgerMessage.record("f"))
      return store.model.entries
    }
    #expect(entries == ["f"])
  }

  @Test("an interpreter that implements only interpretNow performs a command in a task the same way")
  func defaultInterpret() async throws {
    let recorder = MessageRecorder()
    try await recorder.interpret(LedgerCommand.write("t"), with: NowOnlyInterpreter())
    #expect(recorder.messages(of: LedgerMessage.self) == [.written("t")])
  }

  @Test("the default interpret fails, naming the command, when interpretNow declines")
  func defaultInterpretDeclined() async {
    let recorder = MessageRecorder()
    await #expect {
      try await recorder.interpret(LedgerCommand.write("t"), with: NowOnlyInterpreter(declines: true))
    } throws: { error in
      "\(error)".contains("declined LedgerCommand.write(\"t\")")
    }
  }
}

/// Implements `interpretNow` alone: `interpret` is the protocol's default.
private struct NowOnlyInterpreter: SynchronousCommandInterpreter {
  var declines = false

  func interpretNow(_ command: LedgerCommand, dispatch: Dispatch) throws -> Bool {
    guard !declines, case .write(let text) = command else { return false }
    dispatch(LedgerMessage.written(text))
    return true
  }
}

/// Logs every message it processes; `record(text)` emits `write(text)`.
private struct ArrivalLogUpdater: TypedUpdater {
  func update(_ model: inout Ledger, message: LedgerMessage) -> [any Command] {
    switch message {
    case .record(let text, _):
      model.entries.append("record \(text)")
      return [LedgerCommand.write(text)]
    case .written(let text):
      model.entries.append("written \(text)")
      return []
    }
  }
}

/// Performs writes now. For "late", first has another thread queue `written("other")` through the
/// store's queue, and waits until it has.
private struct CrossingInterpreter: SynchronousCommandInterpreter {
  let queue: Dispatch

  func interpretNow(_ command: LedgerCommand, dispatch: Dispatch) -> Bool {
    guard case .write(let text) = command else { return false }
    if text == "late" {
      let posted = DispatchSemaphore(value: 0)
      DispatchQueue.global().async { [queue] in
        queue(LedgerMessage.written("other"))
        posted.signal()
      }
      posted.wait()
    }
    dispatch(LedgerMessage.written(text))
    return true
  }
}
