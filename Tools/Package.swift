// swift-tools-version: 6.2
import PackageDescription

// The monorepo's tools: `depgraph` draws the dependency graph of the local packages, checks the
// layering rules in CI and scaffolds new features. It depends on no package of the monorepo.
let package = Package(
  name: "Tools",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "depgraph", targets: ["depgraph"]),
    .library(name: "DependencyGraph", targets: ["DependencyGraph"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .target(name: "DependencyGraph"),
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
