// swift-tools-version: 6.2
import PackageDescription

// The benchmarks measure an Impl package: allowed, like the App (a composition root).
let package = Package(
  name: "Benchmarks",
  dependencies: [.package(path: "../../Packages/TodoImpl")],
  targets: [
    .executableTarget(name: "TodoBenchmarks", dependencies: [.product(name: "TodoImpl", package: "TodoImpl")])
  ]
)
