// swift-tools-version: 6.2
import PackageDescription

// The inspector on Core and its page (its server libraries are remote packages, left out here).
let package = Package(
  name: "Inspector",
  products: [.library(name: "Inspector", targets: ["Inspector"])],
  dependencies: [.package(path: "../Core"), .package(path: "../InspectorPage")],
  targets: [
    .target(
      name: "Inspector",
      dependencies: [
        .product(name: "Core", package: "Core"), .product(name: "InspectorPage", package: "InspectorPage"),
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
