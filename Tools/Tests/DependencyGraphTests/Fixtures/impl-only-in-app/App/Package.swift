// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "App",
  dependencies: [
    .package(path: "../Packages/AuthenticationImpl"),
    .package(path: "../Packages/TodoImpl"),
    .package(path: "../Packages/Utilities"),
  ],
  targets: [
    .executableTarget(
      name: "todo",
      dependencies: [
        .product(name: "AuthenticationImpl", package: "AuthenticationImpl"),
        .product(name: "TodoImpl", package: "TodoImpl"),
        .product(name: "Utilities", package: "Utilities"),
      ])
  ]
)
