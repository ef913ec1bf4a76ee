// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "LoggingAPI",
  products: [.library(name: "LoggingAPI", targets: ["LoggingAPI"])],
  targets: [.target(name: "LoggingAPI")]
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
