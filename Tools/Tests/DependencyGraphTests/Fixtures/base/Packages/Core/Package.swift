// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Core",
  products: [
    .library(name: "Core", targets: ["Core"]),
    .library(name: "CoreTesting", targets: ["CoreTesting"]),
  ],
  dependencies: [
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1")
  ],
  targets: [
    .target(name: "Core"),
    .target(name: "CoreTesting", dependencies: ["Core"]),
    .testTarget(
      name: "CoreTests",
      dependencies: [
        "Core", "CoreTesting", .product(name: "PropertyBased", package: "swift-property-based"),
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
