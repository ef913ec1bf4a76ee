// swift-tools-version: 6.2
import PackageDescription

// The inspector depends on a feature's API: forbidden, it knows Core and its page alone.
let package = Package(
  name: "Inspector",
  products: [.library(name: "Inspector", targets: ["Inspector"])],
  dependencies: [
    .package(path: "../Core"), .package(path: "../InspectorPage"), .package(path: "../TodoAPI"),
  ],
  targets: [
    .target(
      name: "Inspector",
      dependencies: [
        .product(name: "Core", package: "Core"), .product(name: "InspectorPage", package: "InspectorPage"),
        .product(name: "TodoAPI", package: "TodoAPI"),
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
