// Generated code is written as the Payments feature would be, with `__Feature__` for the feature's
// name and `__feature__` for its property in the App's model; `make feature` substitutes them.

extension FeatureTemplate {
  /// The files of a feature's API package: manifest, values, catalog and tests.
  static let api: [FeatureTemplate] = [
    FeatureTemplate(
      path: "Packages/__Feature__API/Package.swift",
      text: #"""
        // swift-tools-version: 6.2
        import PackageDescription

        // The public interface of the __Feature__ feature: its messages, commands, model slice and
        // subscriptions. Other features and the App depend on this package, never on __Feature__Impl.
        let package = Package(
          name: "__Feature__API",
          platforms: [.macOS(.v15), .iOS(.v18)],
          products: [
            .library(name: "__Feature__API", targets: ["__Feature__API"])
          ],
          dependencies: [
            .package(path: "../Core")
          ],
          targets: [
            .target(
              name: "__Feature__API",
              dependencies: [.product(name: "Core", package: "Core")]
            ),
            .testTarget(
              name: "__Feature__APITests",
              dependencies: ["__Feature__API"]
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
      path: "Packages/__Feature__API/Sources/__Feature__API/__Feature__Message.swift",
      text: #"""
        public import Core

        /// Something that happened in the __Feature__ feature: a user's intent or the result of a command.
        ///
        /// Other features may react to these messages in their own updaters; that is how features talk
        /// without depending on each other's implementation. `Codable`, so that the App can replay a
        /// recorded trace.
        public enum __Feature__Message: Message, Hashable, Codable {
          /// Asks for fresh items; ignored while a load is already running.
          case reload
          /// A load finished with these items.
          case loaded([String])
          /// A load failed, for the reason given.
          case loadFailed(String)
          /// Sets how often to reload on its own; `nil` stops reloading.
          case setRefreshInterval(Duration?)
        }
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__API/Sources/__Feature__API/__Feature__Command.swift",
      text: #"""
        public import Core

        /// A side effect the __Feature__ feature asks for; `__Feature__Interpreter` performs it.
        ///
        /// Commands are data: tests compare them with `==` instead of mocking anything.
        public enum __Feature__Command: Command, Equatable {
          /// Loads the items; the interpreter answers with ``__Feature__Message/loaded(_:)`` or
          /// ``__Feature__Message/loadFailed(_:)``.
          case load
        }
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__API/Sources/__Feature__API/__Feature__Model.swift",
      text: #"""
        /// The __Feature__ feature's slice of the app's model.
        ///
        /// Only `__Feature__Updater` changes it; everyone else reads it. `Hashable` and `Codable`, like the
        /// App's model that holds it. `nonisolated`, as every type of the model, so that the package
        /// also builds where everything is on the main actor unless marked (docs/updaters.md).
        public nonisolated struct __Feature__Model: Hashable, Sendable, Codable {
          /// The items of the last successful load, in the order the source returned them.
          public var items: [String]
          /// Whether a load is running.
          public var isLoading: Bool
          /// Why the last load failed, or `nil` if it did not.
          public var failure: String?
          /// How often to reload on its own, or `nil` not to.
          public var refreshInterval: Duration?

          /// Creates a model; the defaults describe a feature that has loaded nothing yet.
          ///
          /// - Parameters:
          ///   - items: The items loaded so far.
          ///   - isLoading: Whether a load is running.
          ///   - failure: Why the last load failed.
          ///   - refreshInterval: How often to reload on its own.
          public init(
            items: [String] = [], isLoading: Bool = false, failure: String? = nil, refreshInterval: Duration? = nil
          ) {
            self.items = items
            self.isLoading = isLoading
            self.failure = failure
            self.refreshInterval = refreshInterval
          }
        }
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__API/Sources/__Feature__API/__Feature__Refresh.swift",
      text: #"""
        public import Core

        /// A subscription that reloads the __Feature__ feature's items at a fixed interval.
        ///
        /// Its value is its identity: changing the interval stops the old timer and starts a new one.
        public struct __Feature__Refresh: Subscription {
          /// The time between two reloads.
          public var interval: Duration

          /// Creates the subscription.
          ///
          /// - Parameter interval: The time between two reloads.
          public init(every interval: Duration) {
            self.interval = interval
          }
        }
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__API/Sources/__Feature__API/Documentation.docc/__Feature__API.md",
      text: #"""
        # ``__Feature__API``

        The public interface of the __Feature__ feature: what it says, asks for, stores and keeps running.

        ## Overview

        A feature is split in two packages. This one, __Feature__API, holds values only: the messages the
        feature understands, the commands it emits, its slice of the app's model and its subscriptions.
        __Feature__Impl holds the behaviour: the updater, the interpreter and the subscription provider.

        Other features depend on __Feature__API, never on __Feature__Impl: they may send and react to
        ``__Feature__Message`` values and read a ``__Feature__Model``, but they cannot reach the code that
        implements them. Only the App depends on __Feature__Impl, to wire it in. Because an API package
        depends only on Core and other APIs, and an Impl package never on another Impl, features cannot
        form a dependency cycle.

        ## Topics

        ### Messages and commands

        - ``__Feature__Message``
        - ``__Feature__Command``

        ### State

        - ``__Feature__Model``

        ### Subscriptions

        - ``__Feature__Refresh``
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__API/Tests/__Feature__APITests/__Feature__ModelTests.swift",
      text: #"""
        import __Feature__API
        import Testing

        @Suite("__Feature__Model")
        struct __Feature__ModelTests {
          @Test("a new model has loaded nothing and does not refresh")
          func initialModel() {
            let model = __Feature__Model()
            #expect(model.items.isEmpty)
            #expect(!model.isLoading)
            #expect(model.failure == nil)
            #expect(model.refreshInterval == nil)
          }

          @Test("models compare by value")
          func equality() {
            #expect(__Feature__Model(items: ["a"]) == __Feature__Model(items: ["a"]))
            #expect(__Feature__Model(items: ["a"]) != __Feature__Model(items: ["b"]))
          }
        }
        """#),
    FeatureTemplate(
      path: "Packages/__Feature__API/Tests/__Feature__APITests/__Feature__RefreshTests.swift",
      text: #"""
        import __Feature__API
        import Testing

        @Suite("__Feature__Refresh")
        struct __Feature__RefreshTests {
          @Test("a refresh's identity is its interval")
          func identity() {
            #expect(__Feature__Refresh(every: .seconds(30)) == __Feature__Refresh(every: .seconds(30)))
            #expect(__Feature__Refresh(every: .seconds(30)) != __Feature__Refresh(every: .seconds(60)))
          }
        }
        """#),
  ]
}
