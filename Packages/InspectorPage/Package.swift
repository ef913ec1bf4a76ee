// swift-tools-version: 6.2
import PackageDescription

// The inspector's page: plain HTML, CSS and JavaScript that show a causal trace, live from the
// inspector's server or embedded in one file by `trace html`. One renderer for both, in a package
// that depends on nothing, so that Tools build it without the inspector's server libraries (SwiftPM
// resolves every dependency of a package it depends on, built or not).
let package = Package(
  name: "InspectorPage",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "InspectorPage", targets: ["InspectorPage"])
  ],
  targets: [
    .target(name: "InspectorPage", resources: [.copy("Resources/page")]),
    .testTarget(name: "InspectorPageTests", dependencies: ["InspectorPage"]),
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
