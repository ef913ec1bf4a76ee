import Core
import CoreTesting
import Testing

@Suite("waitWithTimeout and Store.waitForModel")
@MainActor
struct WaitWithTimeoutTests {
  private struct Count: Sendable { var value = 0 }
  private struct Increment: Message {}

  private func store() -> Store<Count> {
    Store(
      model: Count(),
      updater: FunctionUpdater(handling: Increment.self) { count, _ in
        count.value += 1; return []
      })
  }

  @Test("a resume called at once ends the wait with true")
  func resumedAtOnce() async {
    #expect(await waitWithTimeout(.seconds(5)) { resume in resume(true) })
  }

  @Test("a resume from another task ends the wait with true; later calls change nothing")
  func resumedLater() async {
    let arrived = await waitWithTimeout(.seconds(5)) { resume in
      Task {
        resume(true)
        resume(false)
      }
    }
    #expect(arrived)
  }

  @Test("without a resume, the timeout ends the wait with false")
  func timesOut() async {
    #expect(await waitWithTimeout(.milliseconds(1)) { _ in } == false)
  }

  @Test("waitForModel returns once a message sent from another task makes the condition true")
  func modelReached() async {
    let store = store()
    let queue = store.queue
    Task.detached {
      for _ in 0..<3 { queue(Increment()) }
    }
    #expect(await store.waitForModel { $0.value == 3 })
    #expect(store.model.value == 3)
  }

  @Test("waitForModel returns at once when the model already satisfies the condition")
  func alreadyThere() async {
    let store = store()
    store.send(Increment())
    #expect(await store.waitForModel(timeout: .milliseconds(1)) { $0.value == 1 })
  }
}
