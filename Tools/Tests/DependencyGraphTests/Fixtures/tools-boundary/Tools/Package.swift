// swift-tools-version: 6.2
import PackageDescription

// Tools depend on a feature package: forbidden.
let package = Package(
  name: "Tools",
  dependencies: [.package(path: "../Packages/TodoAPI")],
  targets: [
    .executableTarget(name: "depgraph", dependencies: [.product(name: "TodoAPI", package: "TodoAPI")])
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
