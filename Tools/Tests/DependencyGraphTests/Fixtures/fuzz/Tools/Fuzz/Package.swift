// swift-tools-version: 6.2
import PackageDescription

// The fuzz targets compile the parsers of feature packages, so they depend on their API packages:
// allowed, as for the benchmarks (a root).
let package = Package(
  name: "Fuzz",
  dependencies: [.package(path: "../../Packages/TodoAPI")],
  targets: [
    .executableTarget(name: "CSVReaderFuzzer", dependencies: [.product(name: "TodoAPI", package: "TodoAPI")])
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
