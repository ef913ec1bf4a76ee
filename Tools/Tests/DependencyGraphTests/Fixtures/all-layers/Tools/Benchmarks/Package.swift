// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Benchmarks",
  dependencies: [.package(path: "../../Packages/Core"), .package(path: "../../Packages/TodoImpl")],
  targets: [
    .executableTarget(
      name: "TodoBenchmarks",
      dependencies: [
        .product(name: "Core", package: "Core"), .product(name: "TodoImpl", package: "TodoImpl"),
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
