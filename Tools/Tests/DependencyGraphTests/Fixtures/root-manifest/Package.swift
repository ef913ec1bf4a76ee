// swift-tools-version: 6.2
import PackageDescription

// Breaks every part of the root-manifest rule: a package dependency, a product of its own, a
// missing product and target, sources from the wrong folder, a dependency Core's target lacks,
// and a test target.
let package = Package(
  name: "Core",
  products: [
    .library(name: "Core", targets: ["Core"]),
    .library(name: "TodoAPI", targets: ["TodoAPI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1")
  ],
  targets: [
    .target(name: "Core", path: "Sources/Core"),
    .target(name: "TodoAPI", dependencies: ["Core"], path: "Packages/TodoAPI/Sources/TodoAPI"),
    .testTarget(
      name: "CoreTests",
      dependencies: ["Core", .product(name: "PropertyBased", package: "swift-property-based")],
      path: "Packages/Core/Tests/CoreTests"),
  ]
)
