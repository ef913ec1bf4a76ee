// swift-tools-version: 6.2
import PackageDescription

// The benchmarks (`make bench`). Like the App, this package is a composition root for measurement:
// it may depend on any package of the monorepo. Run with
//   swift package --allow-writing-to-package-directory benchmark
// Figures and how to read them: docs/performance.md.
let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(
      url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(path: "../../Packages/Core"),
    .package(path: "../../Packages/AuthenticationAPI"),
    .package(path: "../../Packages/TodoAPI"),
    .package(path: "../../Packages/TodoImpl"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .target(
      name: "BenchmarkSupport",
      dependencies: [.product(name: "Core", package: "Core")]
    ),
    .target(
      name: "TodoBenchmarkSupport",
      dependencies: [
        .product(name: "Core", package: "Core"),
        .product(name: "AuthenticationAPI", package: "AuthenticationAPI"),
        .product(name: "TodoAPI", package: "TodoAPI"),
        .product(name: "TodoImpl", package: "TodoImpl"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .executableTarget(
      name: "ImportTiming",
      dependencies: [
        "TodoBenchmarkSupport",
        .product(name: "Core", package: "Core"),
        .product(name: "TodoAPI", package: "TodoAPI"),
        .product(name: "TodoImpl", package: "TodoImpl"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .executableTarget(
      name: "ToggleTiming",
      dependencies: [
        "TodoBenchmarkSupport",
        .product(name: "Core", package: "Core"),
        .product(name: "TodoAPI", package: "TodoAPI"),
      ]
    ),
    .executableTarget(
      name: "TraceTiming",
      dependencies: [
        "TodoBenchmarkSupport",
        .product(name: "Core", package: "Core"),
        .product(name: "Tracing", package: "Core"),
        .product(name: "TodoAPI", package: "TodoAPI"),
      ]
    ),
    .executableTarget(
      name: "InstructionCounts",
      dependencies: [
        "BenchmarkSupport", .product(name: "Core", package: "Core"),
        .product(name: "Tracing", package: "Core"),
      ]
    ),
    .executableTarget(
      name: "StoreBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "Core", package: "Core"),
        .product(name: "Tracing", package: "Core"),
      ],
      path: "Benchmarks/StoreBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
    .executableTarget(
      name: "SubscriptionBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "Core", package: "Core"),
      ],
      path: "Benchmarks/SubscriptionBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
    .executableTarget(
      name: "TodoBenchmarks",
      dependencies: [
        "TodoBenchmarkSupport",
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "Core", package: "Core"),
        .product(name: "AuthenticationAPI", package: "AuthenticationAPI"),
        .product(name: "TodoAPI", package: "TodoAPI"),
        .product(name: "TodoImpl", package: "TodoImpl"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      path: "Benchmarks/TodoBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
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
