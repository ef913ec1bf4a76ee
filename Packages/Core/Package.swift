// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Core",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Core", targets: ["Core"]),
    .library(name: "CoreTesting", targets: ["CoreTesting"]),
    .library(name: "Tracing", targets: ["Tracing"]),
  ],
  dependencies: [
    // Tests and tooling only: the Core library depends on nothing beyond the toolchain.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // `make docs`: the `generate-documentation` command plugin; no target depends on it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .target(name: "Core"),
    .target(name: "CoreTesting", dependencies: ["Core"]),
    .target(name: "Tracing", dependencies: ["Core"]),
    .testTarget(
      name: "CoreTests",
      dependencies: [
        "Core", "CoreTesting", .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(name: "CoreTestingTests", dependencies: ["Core", "CoreTesting"]),
    .testTarget(name: "TracingTests", dependencies: ["Core", "CoreTesting", "Tracing"]),
    // A feature written as in a new app target of Swift 6.2 tooling, where everything is on the
    // main actor unless said otherwise (docs/updaters.md, "In a target isolated to the main actor").
    .testTarget(
      name: "MainActorDefaultTests", dependencies: ["Core", "CoreTesting"],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
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
