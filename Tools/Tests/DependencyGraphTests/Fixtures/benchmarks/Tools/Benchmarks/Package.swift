// swift-tools-version: 6.2
import PackageDescription

// The benchmarks measure an Impl package: allowed, like the App (a composition root).
let package = Package(
  name: "Benchmarks",
  dependencies: [.package(path: "../../Packages/TodoImpl")],
  targets: [
    .executableTarget(name: "TodoBenchmarks", dependencies: [.product(name: "TodoImpl", package: "TodoImpl")])
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
