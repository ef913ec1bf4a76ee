// swift-tools-version: 6.2
import PackageDescription

// The composition root: the only package that imports Impl packages. `TodoApp` holds everything
// testable that knows the app (model, parser, updater, rendering, wiring, the session); `Terminal`
// is the terminal front end it uses (line editor, key decoder, prompt line), which knows no to-do;
// `todo` is the executable.
let package = Package(
  name: "App",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "todo", targets: ["todo"])
  ],
  dependencies: [
    .package(path: "../Packages/Core"),
    .package(path: "../Packages/AuthenticationAPI"),
    .package(path: "../Packages/AuthenticationImpl"),
    .package(path: "../Packages/TodoAPI"),
    .package(path: "../Packages/TodoImpl"),
    .package(path: "../Packages/NotificationsAPI"),
    .package(path: "../Packages/NotificationsImpl"),
    .package(path: "../Packages/Inspector"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
  ],
  targets: [
    .target(name: "Terminal"),
    .target(
      name: "TodoApp",
      dependencies: [
        "Terminal",
        .product(name: "Core", package: "Core"),
        .product(name: "Tracing", package: "Core"),
        .product(name: "AuthenticationAPI", package: "AuthenticationAPI"),
        .product(name: "AuthenticationImpl", package: "AuthenticationImpl"),
        .product(name: "TodoAPI", package: "TodoAPI"),
        .product(name: "TodoImpl", package: "TodoImpl"),
        .product(name: "NotificationsAPI", package: "NotificationsAPI"),
        .product(name: "NotificationsImpl", package: "NotificationsImpl"),
        .product(name: "Inspector", package: "Inspector"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .executableTarget(
      name: "todo",
      dependencies: [
        "TodoApp",
        "Terminal",
        .product(name: "Inspector", package: "Inspector"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
    .testTarget(
      name: "TodoAppTests",
      dependencies: [
        "TodoApp",
        "Terminal",
        .product(name: "Core", package: "Core"),
        .product(name: "CoreTesting", package: "Core"),
        .product(name: "Tracing", package: "Core"),
        .product(name: "AuthenticationAPI", package: "AuthenticationAPI"),
        .product(name: "TodoAPI", package: "TodoAPI"),
        .product(name: "TodoImpl", package: "TodoImpl"),
        .product(name: "NotificationsAPI", package: "NotificationsAPI"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        .product(name: "GRDB", package: "GRDB.swift"),
        // Foundation's `Process` on Linux loses the exit of short-lived children when tests run
        // concurrently (a reaped-too-late zombie left `waitUntilExit` hanging); Subprocess does not.
        .product(name: "Subprocess", package: "swift-subprocess"),
        .product(name: "SystemPackage", package: "swift-system"),
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
