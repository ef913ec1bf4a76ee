// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "TodoImpl",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "TodoImpl", targets: ["TodoImpl"])
  ],
  dependencies: [
    .package(path: "../Core"),
    .package(path: "../TodoAPI"),
    .package(path: "../AuthenticationAPI"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .target(
      name: "TodoImpl",
      dependencies: [
        .product(name: "Core", package: "Core"),
        .product(name: "TodoAPI", package: "TodoAPI"),
        .product(name: "AuthenticationAPI", package: "AuthenticationAPI"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "TodoImplTests",
      dependencies: [
        "TodoImpl",
        .product(name: "Core", package: "Core"),
        .product(name: "CoreTesting", package: "Core"),
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
