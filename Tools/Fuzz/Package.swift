// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets for the parsers of outside input, one executable each, built only by `make fuzz`
// (Tools/Scripts/fuzz.sh, with `-sanitize=fuzzer,address`), never by `make build` or `make test`.
// Each target compiles the parser's own source files, linked into its folder (so the fuzzed code is
// the shipped code and keeps its internal access), beside a `main.swift` that hands libFuzzer's
// driver the target's `testOneInput`. It depends only on the packages those files import, not on the
// Impl packages or the App, whose dependencies (GRDB, swift-crypto) would take minutes to build under
// the sanitizers. docs/fuzzing.md says how to run them and what each checks.
let package = Package(
  name: "Fuzz",
  platforms: [.macOS(.v15)],
  products: [],
  dependencies: [
    .package(path: "../../Packages/Core"),
    .package(path: "../../Packages/AuthenticationAPI"),
    .package(path: "../../Packages/TodoAPI"),
    .package(path: "../../Packages/NotificationsAPI"),
  ],
  targets: [
    .target(name: "LibFuzzerDriver"),
    // Packages/TodoImpl: CSV/CSVReader.swift, CSV/CSVRecord.swift.
    .executableTarget(
      name: "CSVReaderFuzzer",
      dependencies: ["LibFuzzerDriver", .product(name: "TodoAPI", package: "TodoAPI")]
    ),
    // Packages/TodoImpl: the CSV reader, CSV/ISO8601Timestamp.swift and Import/ImportRow.swift.
    .executableTarget(
      name: "ImportRowFuzzer",
      dependencies: ["LibFuzzerDriver", .product(name: "TodoAPI", package: "TodoAPI")]
    ),
    // Packages/Core: the Tracing library's public TraceReader.
    .executableTarget(
      name: "TraceReaderFuzzer",
      dependencies: ["LibFuzzerDriver", .product(name: "Tracing", package: "Core")]
    ),
    // App: Terminal/KeyDecoder.swift and Terminal/TerminalText.swift.
    .executableTarget(name: "KeyDecoderFuzzer", dependencies: ["LibFuzzerDriver"]),
    // App: TodoApp/Input, the command line parser (without completion, which needs the Terminal).
    .executableTarget(
      name: "InputParserFuzzer",
      dependencies: [
        "LibFuzzerDriver",
        .product(name: "Core", package: "Core"),
        .product(name: "AuthenticationAPI", package: "AuthenticationAPI"),
        .product(name: "TodoAPI", package: "TodoAPI"),
        .product(name: "NotificationsAPI", package: "NotificationsAPI"),
      ]
    ),
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
