import Core
import Synchronization
import Testing

private enum Late: Message, Equatable {
  case go, early, late
}

private struct Keep: Command, Equatable {}

private struct LateUpdater: TypedUpdater {
  func update(_ model: inout [Late], message: Late) -> [any Command] {
    model.append(message)
    return message == .go ? [Keep()] : []
  }
}

/// Sends `.early` while it runs and keeps its dispatch, to send `.late` after it returned.
private final class KeepingInterpreter: SynchronousCommandInterpreter {
  let kept = Mutex<Dispatch?>(nil)
  let inline: Bool

  init(inline: Bool) { self.inline = inline }

  func interpretNow(_ command: Keep, dispatch: Dispatch) -> Bool {
    guard inline else { return false }
    dispatch(Late.early)
    kept.withLock { $0 = dispatch }
    return true
  }

  func interpret(_ command: Keep, dispatch: Dispatch) async {
    dispatch(Late.early)
    kept.withLock { $0 = dispatch }
  }
}

@Suite("Messages a command sends after it returned")
@MainActor
struct LateMessageTests {
  @Test("are dropped and reported, naming the message and the command", arguments: [true, false])
  func droppedAndReported(inline: Bool) async {
    let store = Store(model: [Late](), updater: LateUpdater())
    let interpreter = KeepingInterpreter(inline: inline)
    store.register(interpreter)
    let monitor = RecordingMonitor<[Late]>()
    store.addMonitor(monitor)
    await store.send(Late.go).finish()
    let command = monitor.emittedCommands[0]
    #expect(store.model == [.go, .early])

    let dispatch = interpreter.kept.withLock { $0 }
    dispatch?(Late.late)
    await store.settle()
    #expect(store.model == [.go, .early])
    let dropped = monitor.events.compactMap { event -> (Late, Cause)? in
      guard case .messageDropped(let message as Late, let cause, _) = event else { return nil }
      return (message, cause)
    }
    #expect(dropped.count == 1)
    #expect(dropped.first?.0 == .late)
    #expect(dropped.first?.1 == .command(command.id, emittedBy: command.emittedBy))
  }
}
