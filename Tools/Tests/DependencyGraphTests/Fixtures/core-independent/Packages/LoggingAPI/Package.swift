// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "LoggingAPI",
  products: [.library(name: "LoggingAPI", targets: ["LoggingAPI"])],
  targets: [.target(name: "LoggingAPI")]
)
