// swift-tools-version: 6.2
import PackageDescription

// App depends on the inspector: allowed.
let package = Package(
  name: "App",
  dependencies: [
    .package(path: "../Packages/Core"),
    .package(path: "../Packages/AuthenticationImpl"),
    .package(path: "../Packages/TodoImpl"),
    .package(path: "../Packages/Inspector"),
  ],
  targets: [
    .executableTarget(
      name: "todo",
      dependencies: [
        .product(name: "Core", package: "Core"),
        .product(name: "AuthenticationImpl", package: "AuthenticationImpl"),
        .product(name: "TodoImpl", package: "TodoImpl"),
        .product(name: "Inspector", package: "Inspector"),
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
