import Core
import CoreTesting
import Testing

@Suite("Store settings")
struct StoreSettingsTests {
  @Test("a new store has the documented defaults, and a field set in place reads back")
  @MainActor
  func defaultsAndInPlace() {
    let store = Store(model: Counter(), updater: CounterUpdater())
    #expect(store.settings.maximumRunningCommands == 1_024)
    #expect(store.settings.reportsProblemsWhenUnmonitored)
    #expect(store.settings.clock is ContinuousClock)
    let clock = TestClock()
    store.settings.clock = clock
    store.settings.maximumRunningCommands = 3
    #expect(store.settings.clock as? TestClock === clock)
    #expect(store.settings.maximumRunningCommands == 3)
    #expect(store.settings.reportsProblemsWhenUnmonitored)
  }

  @Test("setSettings on an ActorStore changes every field at once")
  func actorStore() async {
    let store = ActorStore(model: Counter(), updater: CounterUpdater())
    let clock = TestClock()
    await store.setSettings(
      StoreSettings(maximumRunningCommands: 7, clock: clock, reportsProblemsWhenUnmonitored: false))
    let settings = await store.settings
    #expect(settings.maximumRunningCommands == 7)
    #expect(settings.clock as? TestClock === clock)
    #expect(!settings.reportsProblemsWhenUnmonitored)
  }

  @Test("a bound below one stops the program with a message naming the setting")
  func boundBelowOne() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let store = Store(model: Counter(), updater: CounterUpdater())
        store.settings.maximumRunningCommands = 0
      }
    }
  }
}
