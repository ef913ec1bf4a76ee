// swift-tools-version: 6.2
import PackageDescription

// An Impl package depends on the inspector: forbidden, only App may.
let package = Package(
  name: "TodoImpl",
  products: [.library(name: "TodoImpl", targets: ["TodoImpl"])],
  dependencies: [.package(path: "../Core"), .package(path: "../TodoAPI"), .package(path: "../Inspector")],
  targets: [
    .target(
      name: "TodoImpl",
      dependencies: [
        .product(name: "Core", package: "Core"), .product(name: "TodoAPI", package: "TodoAPI"),
        .product(name: "Inspector", package: "Inspector"),
      ]),
    .testTarget(
      name: "TodoImplTests",
      dependencies: ["TodoImpl", .product(name: "CoreTesting", package: "Core")]),
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
