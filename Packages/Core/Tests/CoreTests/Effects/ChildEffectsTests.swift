import Core
import CoreTesting
import Synchronization
import Testing

// Rows that each fetch for a second; a row's command ends with the row.

private struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var saved = 0
  var loaded = false
}

private enum RowMessage: Message, Equatable {
  case load
  case loaded
  case edit
  case save
  /// Asks for one last save; the parent then removes the row (or dismisses the editor).
  case close
}

private struct Load: Command, Equatable {
  let id: Int
}

private struct RowUpdater: TypedUpdater {
  func update(_ model: inout Row, message: RowMessage) -> [any Command] {
    switch message {
    case .load: return [Load(id: model.id)]
    case .loaded: model.loaded = true
    case .edit, .close: return [KeyedCommand("save", DelayedMessage(RowMessage.save, after: .seconds(1)))]
    case .save: model.saved += 1
    }
    return []
  }
}

private struct Rows: Equatable, Sendable {
  var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
  var editor = Presented<Row>()
}

private enum RowsMessage: Message, Equatable {
  case remove(Int)
  case reverse
  case present(Int)
  case dismiss
}

private struct RowsUpdater: TypedUpdater {
  func update(_ model: inout Rows, message: RowsMessage) -> [any Command] {
    switch message {
    case .remove(let id): model.rows.remove(id: id)
    case .reverse: model.rows.reverse()
    case .present(let id): model.editor.child = model.rows[id: id]
    case .dismiss: model.editor.child = nil
    }
    return []
  }
}

/// The parent's reaction to a row that closes, after the row's own update in the same message.
private struct CloseReactions: TypedUpdater {
  func handles(_ message: ElementMessage<Int, RowMessage>, in model: Rows) -> Bool {
    message.message == .close
  }
  func update(_ model: inout Rows, message: ElementMessage<Int, RowMessage>) -> [any Command] {
    model.rows.remove(id: message.id)
    return []
  }
}

/// The parent's reaction to an editor that closes, after the editor's own update.
private struct DismissReactions: TypedUpdater {
  func handles(_ message: PresentedMessage<RowMessage>, in model: Rows) -> Bool {
    message.message == .close
  }
  func update(_ model: inout Rows, message: PresentedMessage<RowMessage>) -> [any Command] {
    model.editor.child = nil
    return []
  }
}

private let updater = CombinedUpdater<Rows>(
  .full(RowsUpdater()), .forEach(\.rows, RowUpdater()), .ifPresent(\.editor, RowUpdater()),
  .full(CloseReactions()), .full(DismissReactions()))

/// Loads for a second on `clock`; says how each load ended.
private struct LoadInterpreter: CommandInterpreter {
  let clock: TestClock
  let exits: Exits

  func interpret(_ command: Load, dispatch: Dispatch) async throws {
    do {
      try await clock.sleep(for: .seconds(1))
    } catch {
      exits.append("\(command.id) cancelled")
      throw error
    }
    exits.append("\(command.id) loaded")
    dispatch(RowMessage.loaded)
  }
}

@Suite("A child's effects end with it")
@MainActor
struct ChildEffectsTests {
  @Test("removing a row cancels its command in flight; the other row's goes on", .timeLimit(.minutes(1)))
  func removalCancels() async {
    let clock = TestClock()
    let exits = Exits()
    let store = Store(model: Rows(), updater: updater)
    store.register(LoadInterpreter(clock: clock, exits: exits))
    store.send(ElementMessage(1, RowMessage.load))
    store.send(ElementMessage(2, RowMessage.load))
    await clock.waitForSleepers(count: 2)
    await store.send(RowsMessage.remove(1)).finish()
    // Ended with the message that removed the row, without the clock moving: its task was
    // cancelled, not left to sleep and answer a row that is gone.
    #expect(clock.sleeperCount == 1)
    #expect(await exits.wait(count: 1) == ["1 cancelled"])
    await clock.advance(by: .seconds(1))
    await store.settle()
    #expect(exits.all == ["1 cancelled", "2 loaded"])
    #expect(store.loop.model.rows.map(\.loaded) == [true])
  }

  @Test("reordering keeps a row's command running, and its answer reaches it", .timeLimit(.minutes(1)))
  func reorderKeeps() async {
    let clock = TestClock()
    let exits = Exits()
    let store = Store(model: Rows(), updater: updater)
    store.register(LoadInterpreter(clock: clock, exits: exits))
    store.send(ElementMessage(1, RowMessage.load))
    await clock.waitForSleepers(count: 1)
    await store.send(RowsMessage.reverse).finish()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    await store.settle()
    #expect(exits.all == ["1 loaded"])
    #expect(store.loop.model.rows[id: 1]?.loaded == true)
  }

  @Test("dismissing a presented child cancels its command in flight", .timeLimit(.minutes(1)))
  func dismissalCancels() async {
    let clock = TestClock()
    let exits = Exits()
    let store = Store(model: Rows(), updater: updater)
    store.register(LoadInterpreter(clock: clock, exits: exits))
    store.send(RowsMessage.present(2))
    store.send(PresentedMessage(RowMessage.load))
    await clock.waitForSleepers(count: 1)
    await store.send(RowsMessage.dismiss).finish()
    #expect(clock.sleeperCount == 0)
    #expect(await exits.wait(count: 1) == ["2 cancelled"])
  }

  // The parent removes the child in the same message whose child update emitted the command: the
  // command starts after the whole update, when the child is already gone, and ends at once.

  @Test("a row removed in the message whose row update emitted a command: the command ends too")
  func removedInTheSameMessage() async {
    let clock = TestClock()
    let monitor = RecordingMonitor<Rows>()
    let store = Store(model: Rows(), updater: updater)
    store.settings.clock = clock
    store.addMonitor(monitor)
    store.send(ElementMessage(1, RowMessage.close))
    #expect(store.loop.model.rows.ids == [2])
    #expect(clock.sleeperCount == 0)
    #expect(monitor.kinds.contains("command cancelled c1"))
    await clock.advance(by: .seconds(1))
    await store.settle()
    #expect(!monitor.kinds.contains { $0.hasPrefix("unhandled") })
  }

  @Test("an editor dismissed in the message whose editor update emitted a command: the command ends too")
  func dismissedInTheSameMessage() async {
    let clock = TestClock()
    let monitor = RecordingMonitor<Rows>()
    let store = Store(model: Rows(), updater: updater)
    store.settings.clock = clock
    store.addMonitor(monitor)
    store.send(RowsMessage.present(1))
    store.send(PresentedMessage(RowMessage.close))
    #expect(store.loop.model.editor.child == nil)
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(1))
    await store.settle()
    #expect(!monitor.kinds.contains { $0.hasPrefix("unhandled") })
  }

  @Test("a TestStore: a row removed in the message whose row update emitted a command expects no answer")
  func removedInTheSameMessageTestStore() async {
    let clock = TestClock()
    let store = TestStore(model: Rows(), updater: updater)
    store.clock = clock
    store.send(ElementMessage(1, RowMessage.close)) { $0.rows.remove(id: 1) }
    store.expectCommands([
      ChildCommand(id: 1, KeyedCommand("save", DelayedMessage(RowMessage.save, after: .seconds(1))))
    ])
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test("an ActorStore: a row removed in the message whose row update emitted a command")
  func removedInTheSameMessageActorStore() async {
    let clock = TestClock()
    let store = ActorStore(model: Rows(), updater: updater)
    await store.setSettings(StoreSettings(clock: clock))
    await store.send(ElementMessage(1, RowMessage.close)).finish()
    #expect(await store.model.rows.ids == [2])
    #expect(clock.sleeperCount == 0)
    await store.shutDown()
  }

  @Test("two rows' commands under the same key are each row's own: neither cancels the other")
  func keysAreTheRowsOwn() async {
    let clock = TestClock()
    let store = TestStore(model: Rows(), updater: updater)
    store.clock = clock
    let save = KeyedCommand("save", DelayedMessage(RowMessage.save, after: .seconds(1)))
    store.send(ElementMessage(1, RowMessage.edit))
    store.expectCommands([ChildCommand(id: 1, save)])
    store.send(ElementMessage(2, RowMessage.edit))
    store.expectCommands([ChildCommand(id: 2, save)])
    #expect(clock.sleeperCount == 2)
    await clock.advance(by: .milliseconds(500))
    // A second edit of row 1 restarts only row 1's wait: row 2 saves at 1 s, row 1 at 1.5 s.
    store.send(ElementMessage(1, RowMessage.edit))
    store.expectCommands([ChildCommand(id: 1, save)])
    #expect(clock.sleeperCount == 2)
    await clock.advance(by: .milliseconds(500))
    await store.receive(ElementMessage(2, RowMessage.save)) { $0.rows[id: 2]?.saved = 1 }
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(500))
    await store.receive(ElementMessage(1, RowMessage.save)) { $0.rows[id: 1]?.saved = 1 }
    await store.finish()
  }
}

/// How loads ended, in order; a waiter resumes once enough have.
private final class Exits: Sendable {
  private let state = Mutex<(lines: [String], waiters: [(Int, CheckedContinuation<[String], Never>)])>(
    ([], []))

  func append(_ line: String) {
    let ready = state.withLock { state in
      state.lines.append(line)
      let count = state.lines.count
      let ready = state.waiters.filter { $0.0 <= count }.map { ($0.1, state.lines) }
      state.waiters.removeAll { $0.0 <= count }
      return ready
    }
    for (continuation, lines) in ready { continuation.resume(returning: lines) }
  }

  var all: [String] { state.withLock { $0.lines } }

  func wait(count: Int) async -> [String] {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state -> [String]? in
        if state.lines.count >= count { return state.lines }
        state.waiters.append((count, continuation))
        return nil
      }
      if let now { continuation.resume(returning: now) }
    }
  }
}
