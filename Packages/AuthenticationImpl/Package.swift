// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "AuthenticationImpl",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "AuthenticationImpl", targets: ["AuthenticationImpl"])
  ],
  dependencies: [
    .package(path: "../Core"),
    .package(path: "../AuthenticationAPI"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
  ],
  targets: [
    .target(
      name: "AuthenticationImpl",
      dependencies: [
        .product(name: "Core", package: "Core"),
        .product(name: "AuthenticationAPI", package: "AuthenticationAPI"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
      ]
    ),
    .testTarget(
      name: "AuthenticationImplTests",
      dependencies: [
        "AuthenticationImpl",
        .product(name: "AuthenticationAPI", package: "AuthenticationAPI"),
        .product(name: "Core", package: "Core"),
        .product(name: "CoreTesting", package: "Core"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Crypto", package: "swift-crypto"),
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
