import Core
import CoreTesting
import Testing

/// Holds a store as a screen would: releasing the screen's reference releases the store.
@MainActor
private final class Screen {
  var store: Store<Counter>?
}

@Suite("Releasing a store")
@MainActor
struct StoreReleaseTests {
  @Test("an observed store released by a listener while a drain handles its messages")
  func releasedDuringDrainWhileObserved() async {
    let screen = Screen()
    let finished = await waitWithTimeout(.seconds(10)) { resume in
      let store = Store(model: Counter(), updater: CounterUpdater())
      screen.store = store
      _ = store.model
      store.addListener { model in
        if model.value == 1 { screen.store = nil }
        if model.value == 2 { resume(true) }
      }
      // Two messages from outside the loop: one scheduled drain takes both, and the store goes
      // away between them.
      let queue = store.queue
      queue(CounterMessage.increment)
      queue(CounterMessage.increment)
    }
    #expect(finished)
    #expect(screen.store == nil)
  }

  @Test("a store whose slice is observed, released by a listener while a drain handles its messages")
  func releasedDuringDrainWhileSliceObserved() async {
    let screen = Screen()
    let finished = await waitWithTimeout(.seconds(10)) { resume in
      let store = Store(model: Counter(), updater: CounterUpdater())
      screen.store = store
      _ = store[\.value]
      store.addListener { model in
        if model.value == 1 {
          // Read again, as an observer re-registering does: the slice is compared after the next
          // message, which the drain handles after the store is gone.
          _ = screen.store?[\.value]
          screen.store = nil
        }
        if model.value == 2 { resume(true) }
      }
      let queue = store.queue
      queue(CounterMessage.increment)
      queue(CounterMessage.increment)
    }
    #expect(finished)
  }
}
