// swift-tools-version: 6.2
import PackageDescription

// Core depends on a local package: forbidden.
let package = Package(
  name: "Core",
  products: [
    .library(name: "Core", targets: ["Core"]),
    .library(name: "CoreTesting", targets: ["CoreTesting"]),
  ],
  dependencies: [.package(path: "../LoggingAPI")],
  targets: [
    .target(name: "Core", dependencies: [.product(name: "LoggingAPI", package: "LoggingAPI")]),
    .target(name: "CoreTesting", dependencies: ["Core"]),
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
