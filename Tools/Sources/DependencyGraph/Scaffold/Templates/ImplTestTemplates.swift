// Generated code is written as the Payments feature would be, with `__Feature__` for the feature's
// name and `__feature__` for its property in the App's model; `make feature` substitutes them.

extension FeatureTemplate {
  /// The tests of a feature's Impl package, one suite per type.
  static let implTests: [FeatureTemplate] = [
    FeatureTemplate(
      path: "Packages/__Feature__Impl/Tests/__Feature__ImplTests/Updaters/__Feature__UpdaterTests.swift",
      text: #"""
        import CoreTesting
        import __Feature__API
        import __Feature__Impl
        import Testing

        @Suite("__Feature__Updater")
        struct __Feature__UpdaterTests {
          @Test("a reload starts a load and clears the last failure")
          func reloadStartsLoad() {
            assertUpdate(
              __Feature__Updater(),
              given: __Feature__Model(failure: "offline"),
              when: __Feature__Message.reload,
              then: __Feature__Model(isLoading: true),
              commands: [__Feature__Command.load])
          }

          @Test("a reload during a load changes nothing")
          func reloadWhileLoading() {
            assertUpdate(
              __Feature__Updater(),
              given: __Feature__Model(isLoading: true),
              when: __Feature__Message.reload,
              then: __Feature__Model(isLoading: true))
          }

          @Test("a finished load stores the items")
          func loaded() {
            assertUpdate(
              __Feature__Updater(),
              given: __Feature__Model(items: ["old"], isLoading: true),
              when: __Feature__Message.loaded(["a", "b"]),
              then: __Feature__Model(items: ["a", "b"]))
          }

          @Test("a failed load keeps the items and stores the reason")
          func loadFailed() {
            assertUpdate(
              __Feature__Updater(),
              given: __Feature__Model(items: ["old"], isLoading: true),
              when: __Feature__Message.loadFailed("offline"),
              then: __Feature__Model(items: ["old"], failure: "offline"))
          }

          @Test("setting the refresh interval stores it")
          func setRefreshInterval() {
            assertUpdate(
              __Feature__Updater(),
              given: __Feature__Model(),
              when: __Feature__Message.setRefreshInterval(.seconds(30)),
              then: __Feature__Model(refreshInterval: .seconds(30)))
          }
        }
        """#),
    FeatureTemplate(
      path:
        "Packages/__Feature__Impl/Tests/__Feature__ImplTests/Interpreters/__Feature__InterpreterTests.swift",
      text: #"""
        import CoreTesting
        import __Feature__API
        import __Feature__Impl
        import Testing

        @Suite("__Feature__Interpreter")
        struct __Feature__InterpreterTests {
          private struct Offline: Error, CustomStringConvertible {
            var description: String { "offline" }
          }

          @Test("a load sends the loaded items back")
          func loadSucceeds() async throws {
            let recorder = MessageRecorder()
            try await recorder.interpret(__Feature__Command.load, with: __Feature__Interpreter { ["a", "b"] })
            #expect(recorder.messages(of: __Feature__Message.self) == [.loaded(["a", "b"])])
          }

          @Test("a failed load sends the reason back")
          func loadFails() async throws {
            let recorder = MessageRecorder()
            try await recorder.interpret(__Feature__Command.load, with: __Feature__Interpreter { throw Offline() })
            #expect(recorder.messages(of: __Feature__Message.self) == [.loadFailed("offline")])
          }
        }
        """#),
    FeatureTemplate(
      path:
        "Packages/__Feature__Impl/Tests/__Feature__ImplTests/Subscriptions/__Feature__SubscriptionsTests.swift",
      text: #"""
        import CoreTesting
        import __Feature__API
        import __Feature__Impl
        import Testing

        @Suite("__Feature__Subscriptions")
        struct __Feature__SubscriptionsTests {
          @Test("nothing runs while no refresh interval is set")
          func noRefresh() {
            assertSubscriptions(__Feature__Subscriptions(), given: __Feature__Model(), then: [])
          }

          @Test("a refresh interval asks for a refresh at that interval")
          func refresh() {
            assertSubscriptions(
              __Feature__Subscriptions(),
              given: __Feature__Model(refreshInterval: .seconds(30)),
              when: __Feature__Message.setRefreshInterval(.seconds(30)),
              then: [__Feature__Refresh(every: .seconds(30))])
          }
        }
        """#),
    FeatureTemplate(
      path:
        "Packages/__Feature__Impl/Tests/__Feature__ImplTests/Subscriptions/__Feature__RefreshTimerTests.swift",
      text: #"""
        import CoreTesting
        import __Feature__API
        import __Feature__Impl
        import Testing

        @Suite("__Feature__RefreshTimer")
        struct __Feature__RefreshTimerTests {
          @Test("a refresh sends one reload per interval")
          func reloadsPerInterval() async {
            let clock = TestClock()
            let recorder = MessageRecorder()
            let timer = __Feature__RefreshTimer(clock: clock)
            let refresh = __Feature__Refresh(every: .seconds(30))
            let task = Task { try await timer.run(refresh, dispatch: recorder.dispatch()) }
            await clock.waitForSleepers(count: 1)
            await clock.advance(by: .seconds(90))
            await recorder.waitForMessages(count: 3)
            task.cancel()
            #expect(recorder.messages(of: __Feature__Message.self) == [.reload, .reload, .reload])
          }
        }
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__Impl/Tests/__Feature__ImplTests/Feature/__Feature__FeatureTests.swift",
      text: #"""
        import Core
        import CoreTesting
        import __Feature__API
        import __Feature__Impl
        import Testing

        /// The feature wired into a store the way the App wires it.
        @Suite("__Feature__ in a store")
        @MainActor
        struct __Feature__FeatureTests {
          /// A stand-in for the App's model, which holds one slice per feature.
          private nonisolated struct AppModel: Equatable, Sendable {
            var __feature__ = __Feature__Model()
          }

          /// A stand-in for the App's environment: the items the loader returns, and a test clock.
          private struct Environment: __Feature__Environment {
            let clock: TestClock
            let load__Feature__Items: @Sendable () async throws -> [String]
          }

          /// A store made from the feature alone, as the App makes one from every feature.
          private func makeStore(load: [String], clock: TestClock = TestClock()) -> TestStore<AppModel> {
            TestStore(
              model: AppModel(),
              composition: Composition(features: [.__feature__(\.__feature__)]),
              environment: Environment(clock: clock, load__Feature__Items: { load }))
          }

          @Test("a reload goes through the updater and the interpreter and comes back loaded")
          func reloadRoundTrip() async {
            let store = makeStore(load: ["a", "b"])
            store.send(__Feature__Message.reload) { $0.__feature__.isLoading = true }
            store.expectCommands([__Feature__Command.load])
            await store.receive(__Feature__Message.loaded(["a", "b"])) {
              $0.__feature__.isLoading = false
              $0.__feature__.items = ["a", "b"]
            }
            await store.finish()
          }

          @Test("a refresh interval starts a timer whose reloads load, until the interval is cleared")
          func refreshTimer() async {
            let clock = TestClock()
            let store = makeStore(load: ["a"], clock: clock)
            store.send(__Feature__Message.setRefreshInterval(.seconds(30))) {
              $0.__feature__.refreshInterval = .seconds(30)
            }
            store.expectSubscriptions(started: [__Feature__Refresh(every: .seconds(30))])
            await clock.waitForSleepers(count: 1)
            await clock.advance(by: .seconds(30))
            await store.receive(__Feature__Message.reload) { $0.__feature__.isLoading = true }
            store.expectCommands([__Feature__Command.load])
            await store.receive(__Feature__Message.loaded(["a"])) {
              $0.__feature__.isLoading = false
              $0.__feature__.items = ["a"]
            }
            store.send(__Feature__Message.setRefreshInterval(nil)) { $0.__feature__.refreshInterval = nil }
            store.expectSubscriptions(stopped: [__Feature__Refresh(every: .seconds(30))])
            await store.finish()
          }
        }
        """#),
  ]
}
