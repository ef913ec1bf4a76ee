// swift-tools-version: 6.2
import PackageDescription

// The inspector's page depends on Core, and its tests on a remote package: both forbidden, the
// tools build it and would resolve them.
let package = Package(
  name: "InspectorPage",
  products: [.library(name: "InspectorPage", targets: ["InspectorPage"])],
  dependencies: [
    .package(path: "../Core"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
  ],
  targets: [
    .target(name: "InspectorPage", dependencies: [.product(name: "Core", package: "Core")]),
    .testTarget(
      name: "InspectorPageTests",
      dependencies: ["InspectorPage", .product(name: "Collections", package: "swift-collections")]),
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
