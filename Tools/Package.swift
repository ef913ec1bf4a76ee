// swift-tools-version: 6.2
import PackageDescription

// The monorepo's tools: `depgraph` draws the dependency graph of the local packages, checks the
// layering rules in CI and scaffolds new features; `trace` shows a causal trace recorded by Core's
// `TraceRecorder` as a tree, a summary or the inspector's page in one HTML file. The tools depend on
// no feature package: only Core, for the trace's line format, the inspector's page (which depends
// on nothing, unlike the inspector's server), and swift-syntax, which the scaffold parses the App with.
let package = Package(
  name: "Tools",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "depgraph", targets: ["depgraph"]),
    .executable(name: "trace", targets: ["trace"]),
    .library(name: "DependencyGraph", targets: ["DependencyGraph"]),
    .library(name: "TraceViewer", targets: ["TraceViewer"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    .package(path: "../Packages/Core"),
    .package(path: "../Packages/InspectorPage"),
  ],
  targets: [
    .target(
      name: "DependencyGraph",
      dependencies: [
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]
    ),
    .target(
      name: "TraceViewer",
      dependencies: [
        .product(name: "InspectorPage", package: "InspectorPage"),
        .product(name: "Tracing", package: "Core"),
      ]
    ),
    .executableTarget(
      name: "trace",
      dependencies: [
        "TraceViewer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Tracing", package: "Core"),
      ]
    ),
    .executableTarget(
      name: "depgraph",
      dependencies: [
        "DependencyGraph",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "DependencyGraphTests",
      dependencies: ["DependencyGraph"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "TraceViewerTests",
      dependencies: ["TraceViewer", .product(name: "Tracing", package: "Core")],
      exclude: ["Fixtures"]
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
