import Core
import CoreTesting
import Synchronization
import Testing

@Suite("TestStore: a message sent after its command returned")
@MainActor
struct TestStoreLateMessageTests {
  @Test("fails the test, naming the message and the command")
  func lateMessageFails() async {
    let kept = Mutex<Dispatch?>(nil)
    let store = TestStore(model: Counter(), updater: CounterUpdater())
    store.register(
      FunctionInterpreter(for: CounterCommand.self) { _, dispatch in
        kept.withLock { $0 = dispatch }
      })
    store.send(CounterMessage.save)
    store.expectCommands([CounterCommand.persist(0)])
    await store.skipReceivedMessages()
    kept.withLock { $0 }?(CounterMessage.saved(0))
    await withKnownIssue {
      await store.finish()
    } matching: {
      $0.description.contains("c1 (from m1) sent CounterMessage.saved(0) after its interpreter had returned")
    }
  }
}
