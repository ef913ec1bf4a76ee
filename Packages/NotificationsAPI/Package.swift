// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "NotificationsAPI",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "NotificationsAPI", targets: ["NotificationsAPI"])
  ],
  dependencies: [
    .package(path: "../Core"),
    .package(path: "../AuthenticationAPI"),
    .package(path: "../TodoAPI"),
  ],
  targets: [
    .target(
      name: "NotificationsAPI",
      dependencies: [
        .product(name: "Core", package: "Core"),
        .product(name: "AuthenticationAPI", package: "AuthenticationAPI"),
        .product(name: "TodoAPI", package: "TodoAPI"),
      ]
    ),
    .testTarget(
      name: "NotificationsAPITests",
      dependencies: ["NotificationsAPI", .product(name: "CoreTesting", package: "Core")]
    ),
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
