// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "App",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../Packages/Core")
  ],
  targets: [
    .executableTarget(
      name: "todo",
      dependencies: [.product(name: "Core", package: "Core")]
    ),
    .testTarget(
      name: "AppTests",
      dependencies: ["todo", .product(name: "CoreTesting", package: "Core")]
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
