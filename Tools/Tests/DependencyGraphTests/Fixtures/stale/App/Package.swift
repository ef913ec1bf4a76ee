// swift-tools-version: 6.2
import PackageDescription

// A new dependency that breaks no rule but changes the graph: the committed graph is stale.
let package = Package(
  name: "App",
  dependencies: [
    .package(path: "../Packages/Core"),
    .package(path: "../Packages/AuthenticationImpl"),
    .package(path: "../Packages/TodoAPI"),
    .package(path: "../Packages/TodoImpl"),
  ],
  targets: [
    .executableTarget(
      name: "todo",
      dependencies: [
        .product(name: "Core", package: "Core"),
        .product(name: "AuthenticationImpl", package: "AuthenticationImpl"),
        .product(name: "TodoAPI", package: "TodoAPI"),
        .product(name: "TodoImpl", package: "TodoImpl"),
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
