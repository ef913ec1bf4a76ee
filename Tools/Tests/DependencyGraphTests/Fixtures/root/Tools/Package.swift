// swift-tools-version: 6.2
import PackageDescription

// Tools depend on App and on the benchmarks, the roots of the graph: forbidden.
let package = Package(
  name: "Tools",
  dependencies: [.package(path: "../App"), .package(path: "Benchmarks")],
  targets: [
    .executableTarget(
      name: "depgraph",
      dependencies: [
        .product(name: "todo", package: "App"),
        .product(name: "TodoBenchmarks", package: "Benchmarks"),
      ])
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
