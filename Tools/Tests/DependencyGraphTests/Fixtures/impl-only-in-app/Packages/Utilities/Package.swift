// swift-tools-version: 6.2
import PackageDescription

// Neither Core, an API nor an Impl, and it depends on an Impl package: two violations.
let package = Package(
  name: "Utilities",
  products: [.library(name: "Utilities", targets: ["Utilities"])],
  dependencies: [.package(path: "../AuthenticationImpl")],
  targets: [
    .target(
      name: "Utilities",
      dependencies: [.product(name: "AuthenticationImpl", package: "AuthenticationImpl")])
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
