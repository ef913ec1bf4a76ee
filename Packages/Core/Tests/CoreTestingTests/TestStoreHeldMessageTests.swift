import Core
import CoreTesting
import Testing

/// A message that arrived while the test was not looking is applied before the next `send`, as in
/// production, and an exhaustive test fails for not receiving it first.
@Suite("TestStore: held messages and send")
@MainActor
struct TestStoreHeldMessageTests {
  @Test("send fails, naming the message's type and value, while a received message waits")
  func sendWithHeldMessage() async {
    let store = TestStore(model: Counter(), updater: CounterUpdater())
    store.register(echoPersist)
    store.send(CounterMessage.save)
    store.expectCommands([CounterCommand.persist(0)])
    await store.store.settle()
    withKnownIssue {
      store.send(CounterMessage.increment) {
        $0.saved = 0; $0.value = 1
      }
    } matching: {
      $0.description.contains(
        "Receive CounterMessage.saved(0) (caused by c1 (from m1)) before sending CounterMessage.increment")
    }
    await store.finish()
  }

  @Test("a held message is applied before a later send, in the order production applies them")
  func heldMessageComesFirst() async {
    let store = TestStore(model: Journal(), updater: JournalUpdater())
    store.register(answering)
    store.send(JournalMessage.ask) { $0.entries = ["ask"] }
    store.expectCommands([JournalCommand.answer])
    await store.store.settle()
    withKnownIssue {
      store.send(JournalMessage.note) { $0.entries = ["ask", "answered", "note"] }
    } matching: {
      $0.description.contains("Receive JournalMessage.answered")
    }
    await store.finish()
  }

  @Test("with exhaustivity off, a held message is applied before a later send and can still be received")
  func heldMessageComesFirstNonExhaustive() async {
    let store = TestStore(model: Journal(), updater: JournalUpdater(), exhaustivity: .off)
    store.register(answering)
    store.send(JournalMessage.ask)
    await store.store.settle()
    store.send(JournalMessage.note)
    #expect(store.model.entries == ["ask", "answered", "note"])
    await store.receive(JournalMessage.answered)
    await store.finish()
  }

  @Test("with exhaustivity off, receiving an applied message checks the change against the current model")
  func appliedMessageAssertedNonExhaustive() async {
    let store = TestStore(model: Journal(), updater: JournalUpdater(), exhaustivity: .off)
    store.register(answering)
    store.send(JournalMessage.ask)
    await store.store.settle()
    store.send(JournalMessage.note)
    await withKnownIssue {
      await store.receive(JournalMessage.answered) { $0.entries = ["ask", "answered"] }
    } matching: {
      $0.description.contains("The model differs")
    }
    await store.finish()
  }

  @Test("pausing the store of a test store, which already holds messages, fails the test and does nothing")
  func pauseIsRefused() async {
    let store = TestStore(model: Journal(), updater: JournalUpdater())
    store.register(answering)
    withKnownIssue {
      store.store.pause()
      store.send(JournalMessage.note) { $0.entries = ["note"] }
    } matching: {
      $0.description.contains("pause()")
    }
    #expect(!store.store.isPaused)
    store.send(JournalMessage.ask) { $0.entries = ["note", "ask"] }
    store.expectCommands([JournalCommand.answer])
    await store.receive(JournalMessage.answered) { $0.entries = ["note", "ask", "answered"] }
    await store.finish()
  }
}

private struct Journal: Equatable, Sendable {
  var entries: [String] = []
}

private enum JournalMessage: Message, Equatable {
  case ask
  case answered
  case note
}

private enum JournalCommand: Command, Equatable {
  case answer
}

private struct JournalUpdater: TypedUpdater {
  func update(_ model: inout Journal, message: JournalMessage) -> [any Command] {
    model.entries.append("\(message)")
    return message == .ask ? [JournalCommand.answer] : []
  }
}

private let answering = FunctionInterpreter(for: JournalCommand.self) { _, dispatch in
  dispatch(JournalMessage.answered)
}
