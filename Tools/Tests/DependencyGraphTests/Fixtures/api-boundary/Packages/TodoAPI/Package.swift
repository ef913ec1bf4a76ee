// swift-tools-version: 6.2
import PackageDescription

// An API package depends on an Impl package: forbidden.
let package = Package(
  name: "TodoAPI",
  products: [.library(name: "TodoAPI", targets: ["TodoAPI"])],
  dependencies: [.package(path: "../Core"), .package(path: "../AuthenticationImpl")],
  targets: [
    .target(
      name: "TodoAPI",
      dependencies: [
        .product(name: "Core", package: "Core"),
        .product(name: "AuthenticationImpl", package: "AuthenticationImpl"),
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
