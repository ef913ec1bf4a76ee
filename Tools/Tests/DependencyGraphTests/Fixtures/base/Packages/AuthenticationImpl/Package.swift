// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "AuthenticationImpl",
  products: [.library(name: "AuthenticationImpl", targets: ["AuthenticationImpl"])],
  dependencies: [.package(path: "../Core"), .package(path: "../AuthenticationAPI")],
  targets: [
    .target(
      name: "AuthenticationImpl",
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
