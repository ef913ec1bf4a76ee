// swift-tools-version: 6.2
import PackageDescription

// The live inspector: a loopback web server (Hummingbird with its WebSocket module) that streams a
// store's causal trace to its page (Packages/InspectorPage, which `trace html` writes too). Core stays free of
// dependencies; only the App (and the apps of users who opt in) depend on this package.
//
// swift-distributed-tracing, which Hummingbird uses, has a module named `Tracing` like Core's.
// SwiftPM builds Core's under the alias `CoreTracing` here (`moduleAliases`), so the two never
// meet; this package's sources still write `import Tracing` and get Core's.
let package = Package(
  name: "Inspector",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Inspector", targets: ["Inspector"])
  ],
  dependencies: [
    .package(path: "../Core"),
    .package(path: "../InspectorPage"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    // Already in Hummingbird's graph; named for the modules this package imports itself.
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
  ],
  targets: [
    .target(
      name: "Inspector",
      dependencies: [
        .product(name: "Core", package: "Core"),
        .product(name: "Tracing", package: "Core", moduleAliases: ["Tracing": "CoreTracing"]),
        .product(name: "InspectorPage", package: "InspectorPage"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    .testTarget(
      name: "InspectorTests",
      dependencies: [
        "Inspector", .product(name: "Core", package: "Core"), .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
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
