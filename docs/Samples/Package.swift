// swift-tools-version: 6.2
import PackageDescription

// The Swift samples of README.md and docs/*.md, compiled by `make docs-check`
// (Tools/Scripts/check-doc-samples.py), which also runs the tests they declare. The script writes
// every ```swift block of a document into Tests/<Document>Samples/ (git-ignored, rewritten each
// run): one test target per document, so that a guide's samples build on each other while
// documents stay apart. Like the guides, the samples see Core and the feature API packages only,
// never an Impl package.
//
// One entry per document that has Swift samples, named after it (docs/getting-started.md →
// "GettingStarted"); the script says what to add or remove when a document gains or loses samples.
let documents = [
  "Readme",
  "Architecture",
  "CommandsAndInterpreters",
  "DebuggingWithTraces",
  "Dependencies",
  "Effects",
  "GettingStarted",
  "LargeData",
  "MigratingFromKatana",
  "Subscriptions",
  "Testing",
  "TheLoop",
  "Troubleshooting",
  "Updaters",
  "Tracing",
  "Ui",
]

let package = Package(
  name: "Samples",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../../Packages/Core"),
    .package(path: "../../Packages/AuthenticationAPI"),
    .package(path: "../../Packages/TodoAPI"),
    .package(path: "../../Packages/NotificationsAPI"),
  ],
  targets: documents.map { document in
    .testTarget(
      name: "\(document)Samples",
      dependencies: [
        .product(name: "Core", package: "Core"),
        .product(name: "CoreTesting", package: "Core"),
        .product(name: "Tracing", package: "Core"),
        .product(name: "AuthenticationAPI", package: "AuthenticationAPI"),
        .product(name: "TodoAPI", package: "TodoAPI"),
        .product(name: "NotificationsAPI", package: "NotificationsAPI"),
      ]
    )
  }
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
