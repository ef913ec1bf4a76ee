// Generated code is written as the Payments feature would be, with `__Feature__` for the feature's
// name and `__feature__` for its property in the App's model; `make feature` substitutes them.

extension FeatureTemplate {
  /// The manifest, sources and catalog of a feature's Impl package.
  static let implSources: [FeatureTemplate] = [
    FeatureTemplate(
      path: "Packages/__Feature__Impl/Package.swift",
      text: #"""
        // swift-tools-version: 6.2
        import PackageDescription

        // The implementation of the __Feature__ feature: its updater, interpreter and subscription provider.
        // Only the App depends on this package; other features use __Feature__API.
        let package = Package(
          name: "__Feature__Impl",
          platforms: [.macOS(.v15), .iOS(.v18)],
          products: [
            .library(name: "__Feature__Impl", targets: ["__Feature__Impl"])
          ],
          dependencies: [
            .package(path: "../Core"),
            .package(path: "../__Feature__API"),
          ],
          targets: [
            .target(
              name: "__Feature__Impl",
              dependencies: [
                .product(name: "Core", package: "Core"),
                .product(name: "__Feature__API", package: "__Feature__API"),
              ]
            ),
            .testTarget(
              name: "__Feature__ImplTests",
              dependencies: [
                "__Feature__Impl",
                .product(name: "Core", package: "Core"),
                .product(name: "CoreTesting", package: "Core"),
                .product(name: "__Feature__API", package: "__Feature__API"),
              ]
            ),
          ]
        )

        // MARK: - Settings shared by every package of the monorepo

        for target in package.targets {
          target.swiftSettings =
            (target.swiftSettings ?? []) + [
              .enableUpcomingFeature("ExistentialAny"),
              .enableUpcomingFeature("InternalImportsByDefault"),
              .enableUpcomingFeature("MemberImportVisibility"),
              .treatAllWarnings(as: .error),
            ]
        }
        package.swiftLanguageModes = [.v6]
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__Impl/Sources/__Feature__Impl/Updaters/__Feature__Updater.swift",
      text: #"""
        public import Core
        public import __Feature__API

        /// Applies ``__Feature__API/__Feature__Message`` to ``__Feature__API/__Feature__Model``: the only code that
        /// changes the __Feature__ feature's state.
        ///
        /// Pure: it reads nothing but its arguments. A reload emits ``__Feature__API/__Feature__Command/load``,
        /// which `__Feature__Interpreter` performs.
        public struct __Feature__Updater: TypedUpdater {
          /// Creates the updater.
          public init() {}

          /// Applies `message` to `model` and returns the commands it emits.
          ///
          /// - Parameters:
          ///   - model: The __Feature__ slice of the model, changed in place.
          ///   - message: The message to apply.
          /// - Returns: `[__Feature__Command.load]` when a reload starts a load, else `[]`.
          public func update(_ model: inout __Feature__Model, message: __Feature__Message) -> [any Command] {
            switch message {
            case .reload:
              guard !model.isLoading else { return [] }
              model.isLoading = true
              model.failure = nil
              return [__Feature__Command.load]
            case .loaded(let items):
              model.items = items
              model.isLoading = false
            case .loadFailed(let reason):
              model.failure = reason
              model.isLoading = false
            case .setRefreshInterval(let interval):
              model.refreshInterval = interval
            }
            return []
          }
        }
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__Impl/Sources/__Feature__Impl/Interpreters/__Feature__Interpreter.swift",
      text: #"""
        public import Core
        public import __Feature__API

        /// Performs ``__Feature__API/__Feature__Command`` by calling the loader it was given.
        ///
        /// The loader is the interpreter's dependency: the App passes the live one (a network or database
        /// call), tests pass a fake. A failed load becomes ``__Feature__API/__Feature__Message/loadFailed(_:)``,
        /// so the model can show it.
        public struct __Feature__Interpreter: CommandInterpreter {
          private let load: @Sendable () async throws -> [String]

          /// Creates the interpreter.
          ///
          /// - Parameter load: Loads the feature's items; may throw.
          public init(load: @escaping @Sendable () async throws -> [String]) {
            self.load = load
          }

          /// Performs `command` and sends the result back.
          ///
          /// - Parameters:
          ///   - command: The command to perform.
          ///   - dispatch: Receives ``__Feature__API/__Feature__Message/loaded(_:)`` or
          ///     ``__Feature__API/__Feature__Message/loadFailed(_:)``.
          public func interpret(_ command: __Feature__Command, dispatch: Dispatch) async {
            switch command {
            case .load:
              do {
                dispatch(__Feature__Message.loaded(try await load()))
              } catch {
                dispatch(__Feature__Message.loadFailed(String(describing: error)))
              }
            }
          }
        }
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__Impl/Sources/__Feature__Impl/Subscriptions/__Feature__Subscriptions.swift",
      text: #"""
        public import Core
        public import __Feature__API

        /// Says which subscriptions the __Feature__ feature needs: a ``__Feature__API/__Feature__Refresh`` while the
        /// model asks for automatic reloads.
        ///
        /// Pure: the store calls it after every message and starts or stops the refresh by comparing
        /// values.
        public struct __Feature__Subscriptions: SubscriptionProvider {
          /// Creates the provider.
          public init() {}

          /// The subscriptions `model` needs.
          ///
          /// - Parameters:
          ///   - model: The __Feature__ slice of the model.
          ///   - message: The message just processed; not used, the model says everything.
          /// - Returns: A refresh at the model's interval, or nothing.
          public func subscriptions(for model: __Feature__Model, message: (any Message)?) -> [any Subscription] {
            guard let interval = model.refreshInterval else { return [] }
            return [__Feature__Refresh(every: interval)]
          }
        }
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__Impl/Sources/__Feature__Impl/Subscriptions/__Feature__RefreshTimer.swift",
      text: #"""
        public import Core
        public import __Feature__API

        /// Runs ``__Feature__API/__Feature__Refresh`` subscriptions: sends
        /// ``__Feature__API/__Feature__Message/reload`` once per interval until the store stops it.
        ///
        /// The clock is its dependency: the App passes `ContinuousClock()`, tests a test clock.
        /// `nonisolated`: the feature makes one in its `interpreters` closure, which runs off the main
        /// actor.
        ///
        /// ```swift
        /// let timer = __Feature__RefreshTimer(clock: ContinuousClock())
        /// store.register(subscriptions: __Feature__Refresh.self) { try await timer.run($0, dispatch: $1) }
        /// ```
        public nonisolated struct __Feature__RefreshTimer<TimerClock: Clock<Duration>>: Sendable {
          private let clock: TimerClock

          /// Creates the timer.
          ///
          /// - Parameter clock: The clock to sleep on.
          public init(clock: TimerClock) {
            self.clock = clock
          }

          /// Sends a reload at every interval, measured from the start, until the task is cancelled.
          ///
          /// - Parameters:
          ///   - refresh: The subscription to run.
          ///   - dispatch: Receives the reloads.
          /// - Throws: `CancellationError` when the store stops the subscription.
          public func run(_ refresh: __Feature__Refresh, dispatch: Dispatch) async throws {
            var deadline = clock.now.advanced(by: refresh.interval)
            while true {
              try await clock.sleep(until: deadline, tolerance: nil)
              dispatch(__Feature__Message.reload)
              deadline = deadline.advanced(by: refresh.interval)
            }
          }
        }
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__Impl/Sources/__Feature__Impl/__Feature__Environment.swift",
      text: #"""
        /// What the __Feature__ feature needs from the app's environment: the App's environment conforms
        /// (`make feature` wrote that conformance next to it), tests pass one of their own.
        /// `nonisolated`: the feature reads it in its `interpreters` closure, off the main actor.
        public nonisolated protocol __Feature__Environment: SendableMetatype {
          /// The clock the refresh timer sleeps on.
          associatedtype RefreshClock: Clock<Duration>
          /// The clock the refresh timer sleeps on: `ContinuousClock()` in the App, a test clock in tests.
          var clock: RefreshClock { get }
          /// Loads the feature's items: the live call (a database query, a request) in the App, a fake in
          /// tests; may throw.
          var load__Feature__Items: @Sendable () async throws -> [String] { get }
        }
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__Impl/Sources/__Feature__Impl/__Feature__Feature.swift",
      text: #"""
        public import Core
        public import __Feature__API

        extension Feature where Environment: __Feature__Environment {
          /// The __Feature__ feature on the slice at `slice`, as one value: its updater and subscriptions, its
          /// messages for replay, and its interpreter and refresh timer on the environment's loader and
          /// clock (``__Feature__Environment``).
          ///
          /// The App adds it to its composition in one line:
          ///
          /// ```swift
          /// .__feature__(\.__feature__),
          /// ```
          ///
          /// - Parameter slice: Where the app's model keeps the __Feature__ slice.
          /// - Returns: The feature.
          public static func __feature__(_ slice: any WritableKeyPath<Model, __Feature__Model> & Sendable) -> Self {
            Feature(
              "__Feature__",
              updater: .slice(slice, __Feature__Updater()),
              subscriptions: .slice(slice, __Feature__Subscriptions()),
              messageTypes: [__Feature__Message.self],
              interpreters: { environment, registrations in
                let timer = __Feature__RefreshTimer(clock: environment.clock)
                registrations.register(__Feature__Interpreter(load: environment.load__Feature__Items))
                registrations.register(subscriptions: __Feature__Refresh.self, run: timer.run)
              })
          }
        }
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__Impl/Sources/__Feature__Impl/Documentation.docc/__Feature__Impl.md",
      text: #"""
        # ``__Feature__Impl``

        The behaviour of the __Feature__ feature: how its state changes, which side effects it performs and
        what it keeps running.

        ## Overview

        __Feature__Impl implements the values that __Feature__API declares:

        - ``__Feature__Updater`` is the pure update: given the model and a message, it changes the model in
          place and returns commands.
        - ``__Feature__Interpreter`` performs those commands with the dependency passed to its initializer,
          and sends the results back as messages.
        - ``__Feature__Subscriptions`` says, from the model alone, which subscriptions should be alive, and
          ``__Feature__RefreshTimer`` runs them.

        Only the App depends on this package. `Feature.__feature__(_:)` bundles all of it as one value,
        which the App adds to its composition in one line; its live dependencies come from the App's
        environment, which conforms to ``__Feature__Environment``. Tests build
        the parts with fakes: `assertUpdate` for the updater, `MessageRecorder` for the interpreter,
        `assertSubscriptions` for the provider, `TestClock` for the timer, and a `TestStore` made from the
        feature for all of them together.

        ## Topics

        ### The feature

        - `Feature.__feature__(_:)`, in Core's `Feature`
        - ``__Feature__Environment``

        ### Updating

        - ``__Feature__Updater``

        ### Side effects

        - ``__Feature__Interpreter``

        ### Subscriptions

        - ``__Feature__Subscriptions``
        - ``__Feature__RefreshTimer``
        """#),
  ]
}
