// swift-tools-version: 6.2
import PackageDescription

// The root manifest: Core's library targets from Packages/Core/Sources, no dependency.
let package = Package(
  name: "Core",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Core", targets: ["Core"]),
    .library(name: "CoreTesting", targets: ["CoreTesting"]),
  ],
  targets: [
    .target(name: "Core", path: "Packages/Core/Sources/Core"),
    .target(name: "CoreTesting", dependencies: ["Core"], path: "Packages/Core/Sources/CoreTesting"),
  ]
)
