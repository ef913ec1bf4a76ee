// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "NotificationsImpl",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "NotificationsImpl", targets: ["NotificationsImpl"])
  ],
  dependencies: [
    .package(path: "../Core"),
    .package(path: "../NotificationsAPI"),
    .package(path: "../TodoAPI"),
    .package(path: "../AuthenticationAPI"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .target(
      name: "NotificationsImpl",
      dependencies: [
        .product(name: "Core", package: "Core"),
        .product(name: "NotificationsAPI", package: "NotificationsAPI"),
        .product(name: "TodoAPI", package: "TodoAPI"),
        .product(name: "AuthenticationAPI", package: "AuthenticationAPI"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "NotificationsImplTests",
      dependencies: [
        "NotificationsImpl",
        .product(name: "Core", package: "Core"),
        .product(name: "CoreTesting", package: "Core"),
        .product(name: "NotificationsAPI", package: "NotificationsAPI"),
        .product(name: "TodoAPI", package: "TodoAPI"),
        .product(name: "AuthenticationAPI", package: "AuthenticationAPI"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
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
