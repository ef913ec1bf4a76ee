// swift-tools-version: 6.2
import PackageDescription

// A composition root shaped like the real App (a library target that wires the features, an
// executable that runs it), which the scaffold edits; the scaffold's test then builds it as it is.
let package = Package(
  name: "App",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../Packages/Core")
  ],
  targets: [
    .target(
      name: "WiringApp",
      dependencies: [
        .product(name: "Core", package: "Core")
      ]
    ),
    .executableTarget(name: "wiring", dependencies: ["WiringApp"]),
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
