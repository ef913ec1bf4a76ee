// swift-tools-version: 6.2
import PackageDescription

// A feature package that App does not depend on, directly or through other packages.
let package = Package(
  name: "PaymentsAPI",
  products: [.library(name: "PaymentsAPI", targets: ["PaymentsAPI"])],
  dependencies: [.package(path: "../Core")],
  targets: [.target(name: "PaymentsAPI", dependencies: [.product(name: "Core", package: "Core")])]
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
