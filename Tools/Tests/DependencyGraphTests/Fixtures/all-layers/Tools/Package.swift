// swift-tools-version: 6.2
import PackageDescription

// A package in every layer, with the base fixture: Tools, whose tests alone use Core (a dashed
// edge), the benchmarks, and an unclassified package. The drawings of this tree are the golden files
// in Fixtures/golden.
let package = Package(
  name: "Tools",
  dependencies: [.package(path: "../Packages/Core")],
  targets: [
    .target(name: "DependencyGraph"),
    .testTarget(
      name: "DependencyGraphTests",
      dependencies: ["DependencyGraph", .product(name: "CoreTesting", package: "Core")]),
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
