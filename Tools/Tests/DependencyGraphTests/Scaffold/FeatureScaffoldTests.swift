import Foundation
import Testing

@testable import DependencyGraph

@Suite("FeatureScaffold")
struct FeatureScaffoldTests {
  /// The monorepo's `.swift-format`, which the scaffold formats with and the lint checks against.
  private static let formatConfiguration = RepositoryTests.root.appendingPathComponent(".swift-format")

  @Test("an existing feature is refused and nothing is written")
  func existingFeature() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    let scaffold = FeatureScaffold(feature: try FeatureName("Todo"))
    #expect(throws: ToolError.featureExists("Todo", path: "Packages/TodoAPI")) {
      try scaffold.write(into: tree.monorepo())
    }
    #expect(
      !FileManager.default.fileExists(
        atPath: tree.root.appendingPathComponent("Packages/TodoAPI/Sources/TodoAPI/TodoModel.swift").path))
  }

  @Test("a scaffolded feature obeys every rule once App depends on it")
  func obeysRules() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    let feature = try FeatureName("Payments")
    try FeatureScaffold(feature: feature).write(into: tree.monorepo())
    try tree.apply("scaffold")
    #expect(try tree.generateAndCheck() == [])
  }

  @Test("the code of a feature with a long name passes `swift format lint --strict`")
  func longNameIsLintClean() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    try FileManager.default.copyItem(
      at: Self.formatConfiguration, to: tree.root.appendingPathComponent(".swift-format"))
    let feature = try FeatureName("CustomerRelationshipManagementReporting")
    let packages = try FeatureScaffold(feature: feature).write(into: tree.monorepo())
    let lint = try Subprocess.run(
      ["swift", "format", "lint", "--strict", "--recursive"] + packages, in: tree.root)
    #expect(lint.status == 0, "\(lint.standardError)")
  }

  @Test("the instructions print every line of the wiring and name the App's target that wires features")
  func instructionsShowTheWiring() throws {
    let scaffold = FeatureScaffold(feature: try FeatureName("Payments"))
    let wiring = scaffold.wiring
    let instructions = scaffold.wiringInstructions(appTarget: "TodoApp")
    let printed = Set(instructions.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    let lines =
      wiring.packageDependencies + wiring.targetDependencies + [wiring.modelProperty, wiring.featureEntry]
    for line in lines {
      #expect(printed.contains(line), "not printed on a line of its own: \(line)")
    }
    for module in [wiring.modelImport, wiring.compositionImport] {
      #expect(instructions.contains("`\(module)`"), "not printed: \(module)")
    }
    #expect(instructions.contains("to the dependencies of the `TodoApp` target:"))
  }

  @Test("the App's composition asks for one line per feature: the scaffold prints exactly one")
  func oneLineInTheComposition() throws {
    let scaffold = FeatureScaffold(feature: try FeatureName("Payments"))
    let instructions = scaffold.wiringInstructions(appTarget: "TodoApp")
    let composition = instructions.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { !$0.contains("In the composition's file") }
      .prefix { !$0.contains("Then run") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix(".") }
    #expect(composition == [#".payments(\.payments, load: { [] }, clock: ContinuousClock()),"#])
  }

  @Test("the printed manifest entries are spelled as App/Package.swift spells those of existing features")
  func manifestEntriesMatchTheApp() throws {
    let manifest = try String(
      contentsOf: RepositoryTests.root.appendingPathComponent("App/Package.swift"), encoding: .utf8)
    let lines = Set(manifest.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    for feature in ["Authentication", "Todo", "Notifications"] {
      let wiring = FeatureScaffold(feature: try FeatureName(feature)).wiring
      for entry in wiring.packageDependencies + wiring.targetDependencies {
        #expect(lines.contains(entry), "App/Package.swift has no line \(entry)")
      }
    }
  }

  @Test("the App's target that wires features is the one the instructions name")
  func compositionTarget() throws {
    #expect(try Monorepo(root: RepositoryTests.root.path).appCompositionTarget() == "TodoApp")
    let tree = try FixtureTree()
    defer { tree.remove() }
    // The base fixture's App wires the features in its executable target, as a small App may.
    #expect(try tree.monorepo().appCompositionTarget() == "todo")
  }

  /// Builds the scaffolded packages and tests them, then pastes the printed wiring into a fixture
  /// App and builds that: one test, so that the App reuses the packages' build (a cold build of
  /// Core takes most of a minute on a small machine).
  @Test(
    "the scaffolded packages build, pass their tests and the strict lint, and an App builds with the printed wiring",
    .timeLimit(.minutes(10)))
  func buildsAndPasses() throws {
    let directory = try TemporaryDirectory(prefix: "depgraph-scaffold")
    defer { directory.remove() }
    try copy(
      RepositoryTests.root.appendingPathComponent("Packages/Core"), to: directory.url, as: "Packages/Core")
    try FileManager.default.copyItem(
      at: Self.formatConfiguration, to: directory.url.appendingPathComponent(".swift-format"))
    let monorepo = try Monorepo(root: directory.url.path)
    let scaffold = FeatureScaffold(feature: try FeatureName("Payments"))
    let packages = try scaffold.write(into: monorepo)
    let lint = try Subprocess.run(
      ["swift", "format", "lint", "--strict", "--recursive"] + packages, in: monorepo.root)
    #expect(lint.status == 0, "\(lint.standardError)")
    // One scratch folder for every package: each build reuses the previous builds of Core and the
    // feature.
    let scratch = directory.url.appendingPathComponent(".build-scaffold").path
    for package in packages.reversed() {
      let test = try Subprocess.run(
        ["swift", "test", "--package-path", package, "--scratch-path", scratch], in: monorepo.root)
      let output = String(decoding: test.standardOutput, as: UTF8.self)
      #expect(test.status == 0, "\(output)\n\(test.standardError)")
    }

    try copy(FixtureTree.fixtures.appendingPathComponent("wiring-app/App"), to: directory.url, as: "App")
    #expect(monorepo.appCompositionTarget() == "WiringApp")
    try paste(scaffold.wiring, intoAppAt: directory.url.appendingPathComponent("App"))
    let build = try Subprocess.run(
      ["swift", "build", "--package-path", "App", "--scratch-path", scratch], in: monorepo.root)
    let output = String(decoding: build.standardOutput, as: UTF8.self)
    #expect(build.status == 0, "\(output)\n\(build.standardError)")
  }

  /// Replaces each `// wiring: <place>` line of the fixture App with the wiring's lines for that
  /// place, indented like the marker.
  private func paste(_ wiring: FeatureWiring, intoAppAt app: URL) throws {
    let places: [String: [String: [String]]] = [
      "Package.swift": [
        "package dependencies": wiring.packageDependencies, "target dependencies": wiring.targetDependencies,
      ],
      "Sources/WiringApp/AppModel.swift": [
        "model import": [wiring.modelImport], "model property": [wiring.modelProperty],
      ],
      "Sources/WiringApp/AppComposition.swift": [
        "composition imports": [wiring.compositionImport], "features": [wiring.featureEntry],
      ],
    ]
    for (file, markers) in places {
      let url = app.appendingPathComponent(file)
      var lines = try String(contentsOf: url, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false
      )
      .map(String.init)
      for (place, pasted) in markers {
        let index = try #require(
          lines.firstIndex { $0.hasSuffix("// wiring: \(place)") }, "\(file): no \(place)")
        let indent = String(lines[index].prefix { $0 == " " })
        lines.replaceSubrange(index...index, with: pasted.map { indent + $0 })
      }
      try Data(lines.joined(separator: "\n").utf8).write(to: url)
    }
  }

  /// Copies the folder `source`, without build products, to `relativePath` under `root`.
  private func copy(_ source: URL, to root: URL, as relativePath: String) throws {
    try FixtureTree.copyFiles(
      of: source, to: root.appendingPathComponent(relativePath),
      skipping: [".build", ".swiftpm", "Package.resolved"])
  }
}
