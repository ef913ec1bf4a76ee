// swift-tools-version: 6.2
import PackageDescription

// Neither Core, an API nor an Impl: the check reports it, the drawings show it in its own layer.
let package = Package(
  name: "Shared",
  products: [.library(name: "Shared", targets: ["Shared"])],
  dependencies: [.package(path: "../Core")],
  targets: [.target(name: "Shared", dependencies: [.product(name: "Core", package: "Core")])]
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
