import Core
import CoreTesting
import Synchronization
import Testing

private struct Chain: Equatable, Sendable {
  var last = 0
}

private enum Link: Message, Equatable {
  case step(Int)
}

/// Asks for the next link.
private struct NextLink: Command, Equatable {
  let number: Int
}

private struct ChainUpdater: TypedUpdater {
  let target: Int

  func update(_ model: inout Chain, message: Link) -> [any Command] {
    guard case .step(let number) = message else { return [] }
    model.last = number
    return number < target ? [NextLink(number: number + 1)] : []
  }
}

/// Sends the next link back at once, inside the loop.
private struct InlineLinker: SynchronousCommandInterpreter {
  func interpretNow(_ command: NextLink, dispatch: Dispatch) -> Bool {
    dispatch(Link.step(command.number))
    return true
  }

  func interpret(_ command: NextLink, dispatch: Dispatch) async {
    dispatch(Link.step(command.number))
  }
}

@Suite("A chain of command → message → command")
@MainActor
struct CommandChainTests {
  /// How many records the store keeps at most while a chain of `links` runs, and the last link.
  private func run(
    links: Int, register: (Store<Chain>) -> Void, awaitedLate: Bool = false
  ) async -> (records: Int, commandRecords: Int, last: Int) {
    let store = Store(model: Chain(), updater: ChainUpdater(target: links))
    register(store)
    var records = 0
    var commandRecords = 0
    store.addListener { [unowned store] _ in
      records = max(records, store.loop.consequenceRecordCount)
      commandRecords = max(commandRecords, store.loop.commandRecordCount)
    }
    let handle = store.send(Link.step(0))
    await handle.finish()
    return (records, commandRecords, store.model.last)
  }

  @Test("performed inside the loop: the store keeps a bounded number of records along the chain")
  func inlineChainKeepsBoundedRecords() async {
    let (records, commandRecords, last) = await run(links: 5_000) { $0.register(InlineLinker()) }
    #expect(last == 5_000)
    #expect(records <= 4)
    // Finished commands are dropped in batches, once they are half the storage.
    #expect(commandRecords <= 2_100)
  }

  @Test("performed in tasks: the store keeps a bounded number of records; finish() waits for all")
  func taskChainKeepsBoundedRecords() async {
    let (records, commandRecords, last) = await run(links: 3_000) {
      $0.register(
        FunctionInterpreter(for: NextLink.self) { command, dispatch in
          dispatch(Link.step(command.number))
        })
    }
    #expect(last == 3_000)
    #expect(records <= 4)
    #expect(commandRecords <= 2_100)
  }

  @Test("an interpreter awaiting each link it sends: every finish() returns after the rest")
  func awaitedLinks() async {
    let store = Store(model: Chain(), updater: ChainUpdater(target: 200))
    let order = Mutex<[Int]>([])
    store.register(
      FunctionInterpreter(for: NextLink.self) { command, dispatch in
        await dispatch(Link.step(command.number)).finish()
        order.withLock { $0.append(command.number) }
      })
    await store.send(Link.step(0)).finish()
    #expect(store.model.last == 200)
    // Each link's interpreter returns only after the links after it: the last link first.
    #expect(order.withLock { $0 } == Array((1...200).reversed()))
    #expect(store.loop.consequenceRecordCount == 0)
  }

  @Test("an interpreter awaiting a message it sent, after the store processed it, waits for its tree")
  func senderAwaitsAfterProcessing() async {
    let store = Store(model: Chain(), updater: ChainUpdater(target: 2))
    let log = Mutex<[String]>([])
    let (secondStarted, startSecond) = AsyncStream.makeStream(of: Void.self)
    let (firstWaits, startWaiting) = AsyncStream.makeStream(of: Void.self)
    let gate = Gate()
    store.register(
      FunctionInterpreter(for: NextLink.self) { command, dispatch in
        if command.number == 1 {
          let handle = dispatch(Link.step(1))
          // Link 1 has been processed: its command runs.
          for await _ in secondStarted { break }
          startWaiting.yield()
          await handle.finish()
          log.withLock { $0.append("first awaited") }
        } else {
          startSecond.yield()
          await gate.wait()
          log.withLock { $0.append("second finished") }
          dispatch(Link.step(2))
        }
      })
    let root = store.send(Link.step(0))
    for await _ in firstWaits { break }
    // Enqueued on the main actor behind the first interpreter's wait.
    await Task { @MainActor in }.value
    await gate.open()
    await root.finish()
    #expect(log.withLock { $0 } == ["second finished", "first awaited"])
    #expect(store.model.last == 2)
    #expect(store.loop.consequenceRecordCount == 0)
  }
}
