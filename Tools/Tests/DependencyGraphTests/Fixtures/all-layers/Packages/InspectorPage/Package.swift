// swift-tools-version: 6.2
import PackageDescription

// The inspector's page: depends on nothing.
let package = Package(
  name: "InspectorPage",
  products: [.library(name: "InspectorPage", targets: ["InspectorPage"])],
  targets: [.target(name: "InspectorPage")]
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
