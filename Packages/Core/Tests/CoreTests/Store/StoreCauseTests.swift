import Core
import Synchronization
import Testing

private struct Chain: Sendable {
  var steps: [Int] = []
}

private enum ChainMessage: Message {
  case start
  case stepped(Int)
}

private struct Step: Command {
  let number: Int
}

private struct ChainUpdater: TypedUpdater {
  func update(_ model: inout Chain, message: ChainMessage) -> [any Command] {
    switch message {
    case .start:
      return [Step(number: 1)]
    case .stepped(let number):
      model.steps.append(number)
      return number < 2 ? [Step(number: number + 1)] : []
    }
  }
}

@Suite("Causes")
@MainActor
struct StoreCauseTests {
  @Test("causes are right three levels deep: UI message → command → message → command → message")
  func threeLevels() async throws {
    let store = Store(model: Chain(), updater: ChainUpdater())
    let monitor = RecordingMonitor<Chain>()
    store.addMonitor(monitor)
    store.register(
      FunctionInterpreter(for: Step.self) { step, dispatch in
        dispatch(ChainMessage.stepped(step.number))
      })

    store.send(ChainMessage.start)
    await store.settle()

    #expect(store.model.steps == [1, 2])
    let messages = monitor.processed
    let commands = monitor.emittedCommands
    try #require(messages.count == 3)
    try #require(commands.count == 2)
    // m1: external UI message, emits c1.
    #expect(messages[0].cause == .external)
    #expect(commands[0].emittedBy == messages[0].id)
    // m2: sent by c1's interpreter, emits c2.
    #expect(messages[1].cause == .command(commands[0].id, emittedBy: messages[0].id))
    #expect(commands[1].emittedBy == messages[1].id)
    // m3: sent by c2's interpreter.
    #expect(messages[2].cause == .command(commands[1].id, emittedBy: messages[1].id))
    // Walking back from the last message reaches the external one.
    var chain: [String] = []
    var cause = messages[2].cause
    while case .command(let command, let message) = cause {
      chain.append("\(command) ← \(message)")
      cause = try #require(messages.first { $0.id == message }).cause
    }
    #expect(chain == ["c2 ← m2", "c1 ← m1"])
    #expect(cause == .external)
  }

  @Test("each command's dispatch carries that command as the cause, even when they run concurrently")
  func concurrentCommandsKeepTheirCauses() async {
    struct Fan: Command { let index: Int }
    struct Fanned: Message { let index: Int }
    let updater = FunctionUpdater<Chain> { model, message in
      if message is ChainMessage { return .handled((0..<20).map { Fan(index: $0) }) }
      if let fanned = message as? Fanned {
        model.steps.append(fanned.index)
        return .handled()
      }
      return .ignored
    }
    let store = Store(model: Chain(), updater: updater)
    let monitor = RecordingMonitor<Chain>()
    store.addMonitor(monitor)
    store.register(FunctionInterpreter(for: Fan.self) { fan, dispatch in dispatch(Fanned(index: fan.index)) })
    store.send(ChainMessage.start)
    await store.settle()

    let byCommand = Dictionary(
      uniqueKeysWithValues: monitor.emittedCommands.map { ($0.id, ($0.command as! Fan).index) })
    let replies = monitor.processed.dropFirst()
    #expect(replies.count == 20)
    for reply in replies {
      guard case .command(let command, _) = reply.cause else {
        Issue.record("reply \(reply.id) has cause \(reply.cause)")
        continue
      }
      #expect(byCommand[command] == (reply.message as! Fanned).index)
    }
  }

  @Test("a message queued from a tool carries the tool's cause, and what it causes leads back to it")
  func toolCause() async throws {
    let store = Store(model: Chain(), updater: ChainUpdater())
    let monitor = RecordingMonitor<Chain>()
    store.addMonitor(monitor)
    store.register(
      FunctionInterpreter(for: Step.self) { step, dispatch in dispatch(ChainMessage.stepped(step.number)) })

    await store.queue(from: "inspector").send(ChainMessage.start).finish()

    #expect(store.model.steps == [1, 2])
    let messages = monitor.processed
    try #require(messages.count == 3)
    #expect(messages[0].cause == .tool("inspector"))
    #expect(messages[0].cause.description == "from inspector")
    #expect(messages[1].cause == .command(monitor.emittedCommands[0].id, emittedBy: messages[0].id))
  }

  @Test("an ActorStore queues from a tool with the same cause")
  func toolCauseOnActorStore() async {
    let store = ActorStore(model: Chain(), updater: ChainUpdater())
    let causes = Mutex<[Cause]>([])
    await store.addMonitor { _, event in
      if case .messageProcessed(let record, _, _, _) = event { causes.withLock { $0.append(record.cause) } }
    }

    await store.queue(from: "a tool").send(ChainMessage.stepped(2)).finish()

    #expect(await store.model.steps == [2])
    #expect(causes.withLock { $0 } == [.tool("a tool")])
  }
}
