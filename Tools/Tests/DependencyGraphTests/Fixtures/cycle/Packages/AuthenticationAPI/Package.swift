// swift-tools-version: 6.2
import PackageDescription

// AuthenticationAPI → TodoAPI, while TodoAPI → AuthenticationAPI: a cycle.
let package = Package(
  name: "AuthenticationAPI",
  products: [.library(name: "AuthenticationAPI", targets: ["AuthenticationAPI"])],
  dependencies: [.package(path: "../Core"), .package(path: "../TodoAPI")],
  targets: [
    .target(
      name: "AuthenticationAPI",
      dependencies: [.product(name: "Core", package: "Core"), .product(name: "TodoAPI", package: "TodoAPI")]),
    .testTarget(name: "AuthenticationAPITests", dependencies: ["AuthenticationAPI"]),
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
