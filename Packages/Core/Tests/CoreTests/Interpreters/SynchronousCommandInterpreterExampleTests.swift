import Core
import Synchronization
import Testing

// The example of `SynchronousCommandInterpreter`'s documentation, verbatim but for `private`, so
// that it keeps compiling and doing what the documentation says.

private enum DraftCommand: Command {
  case save(id: String, text: String)
}

private enum DraftMessage: Message, Equatable {
  case saved(id: String)
}

private final class DraftInterpreter: SynchronousCommandInterpreter {
  let drafts = Mutex<[String: String]>([:])

  // Saves at once, unless another thread holds the drafts: then declines.
  func interpretNow(_ command: DraftCommand, dispatch: Dispatch) -> Bool {
    guard case .save(let id, let text) = command,
      drafts.withLockIfAvailable({ $0[id] = text }) != nil
    else { return false }
    dispatch(DraftMessage.saved(id: id))
    return true
  }

  // A declined command, in its task: waits for the drafts.
  func interpret(_ command: DraftCommand, dispatch: Dispatch) async {
    guard case .save(let id, let text) = command else { return }
    drafts.withLock { $0[id] = text }
    dispatch(DraftMessage.saved(id: id))
  }
}

// What the tests wrap around the example: a model of the saved ids and an updater.

private enum EditorMessage: Message {
  case typed(id: String, text: String)
}

private struct EditorUpdater: TypedUpdater {
  func update(_ model: inout [String], message: EditorMessage) -> [any Command] {
    guard case .typed(let id, let text) = message else { return [] }
    return [DraftCommand.save(id: id, text: text)]
  }
}

private struct SavedUpdater: TypedUpdater {
  func update(_ model: inout [String], message: DraftMessage) -> [any Command] {
    guard case .saved(let id) = message else { return [] }
    model.append(id)
    return []
  }
}

@Suite("SynchronousCommandInterpreter's documented example")
@MainActor
struct SynchronousCommandInterpreterExampleTests {
  private func makeStore() -> Store<[String]> {
    Store(model: [], updater: CombinedUpdater([.full(EditorUpdater()), .full(SavedUpdater())]))
  }

  @Test("with the drafts free, a save is written and answered before send returns")
  func savesAtOnce() async {
    let store = makeStore()
    let interpreter = DraftInterpreter()
    store.register(interpreter)
    let sent = store.send(EditorMessage.typed(id: "a", text: "hello"))
    #expect(store.model == ["a"])
    #expect(interpreter.drafts.withLock { $0 } == ["a": "hello"])
    await sent.finish()
  }

  @Test("with the drafts held, a save is declined and written in its task once they are free")
  func declinesWhileHeld() async {
    let store = makeStore()
    let interpreter = DraftInterpreter()
    store.register(interpreter)
    let sent = interpreter.drafts.withLock { _ in
      store.send(EditorMessage.typed(id: "b", text: "later"))
    }
    #expect(store.model == [])
    await sent.finish()
    #expect(store.model == ["b"])
    #expect(interpreter.drafts.withLock { $0 } == ["b": "later"])
  }
}
