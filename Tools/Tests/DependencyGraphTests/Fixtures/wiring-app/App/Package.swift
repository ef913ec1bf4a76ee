// swift-tools-version: 6.2
import PackageDescription

// A composition root shaped like the real App (a library target that wires the features, an
// executable that runs it), into which the scaffold's test pastes the printed wiring at each
// `// wiring:` line, then builds.
let package = Package(
  name: "App",
  platforms: [.macOS(.v15)],
  dependencies: [
    // wiring: package dependencies
    .package(path: "../Packages/Core")
  ],
  targets: [
    .target(
      name: "WiringApp",
      dependencies: [
        // wiring: target dependencies
        .product(name: "Core", package: "Core")
      ]
    ),
    .executableTarget(name: "wiring", dependencies: ["WiringApp"]),
  ]
)

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
