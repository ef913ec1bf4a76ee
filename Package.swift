// swift-tools-version: 6.2
import PackageDescription

// The manifest other projects depend on: `.package(url: "<this repository>", from: "0.1.0")`.
// It exposes exactly the framework's three library targets, from Packages/Core/Sources, and
// depends on nothing: Core's test and tooling dependencies (property-based testing, the DocC
// plugin) stay in Packages/Core/Package.swift, where the monorepo builds and tests the framework.
// The feature packages, the App and the Tools are not part of it. `make check-graph` checks this
// manifest against Packages/Core's (rule `root-manifest`, docs/architecture.md).
let package = Package(
  name: "Core",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Core", targets: ["Core"]),
    .library(name: "CoreTesting", targets: ["CoreTesting"]),
    .library(name: "Tracing", targets: ["Tracing"]),
  ],
  targets: [
    .target(name: "Core", path: "Packages/Core/Sources/Core"),
    .target(name: "CoreTesting", dependencies: ["Core"], path: "Packages/Core/Sources/CoreTesting"),
    .target(name: "Tracing", dependencies: ["Core"], path: "Packages/Core/Sources/Tracing"),
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
