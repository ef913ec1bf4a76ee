// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "TodoAPI",
  products: [.library(name: "TodoAPI", targets: ["TodoAPI"])],
  dependencies: [.package(path: "../Core"), .package(path: "../AuthenticationAPI")],
  targets: [
    .target(
      name: "TodoAPI",
      dependencies: [
        .product(name: "Core", package: "Core"),
        .product(name: "AuthenticationAPI", package: "AuthenticationAPI"),
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
