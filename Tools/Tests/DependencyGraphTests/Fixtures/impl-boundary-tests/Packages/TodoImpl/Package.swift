// swift-tools-version: 6.2
import PackageDescription

// Only the Impl's test target depends on another Impl package: still forbidden, since the tests of
// a feature see other features through their APIs, as its code does.
let package = Package(
  name: "TodoImpl",
  products: [.library(name: "TodoImpl", targets: ["TodoImpl"])],
  dependencies: [
    .package(path: "../Core"), .package(path: "../TodoAPI"), .package(path: "../AuthenticationImpl"),
  ],
  targets: [
    .target(
      name: "TodoImpl",
      dependencies: [.product(name: "Core", package: "Core"), .product(name: "TodoAPI", package: "TodoAPI")]),
    .testTarget(
      name: "TodoImplTests",
      dependencies: [
        "TodoImpl", .product(name: "CoreTesting", package: "Core"),
        .product(name: "AuthenticationImpl", package: "AuthenticationImpl"),
      ]),
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
