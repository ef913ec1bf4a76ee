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

  @Test("with --print-only, the App is not edited and every line to add is printed")
  func printOnly() throws {
    let tree = try FixtureTree("feature-app")
    defer { tree.remove() }
    let app = try tree.snapshot().filter { $0.key.hasPrefix("App/") }
    let scaffold = FeatureScaffold(feature: try FeatureName("Payments"))
    let printed = try scaffold.scaffold(into: tree.monorepo(), editsApp: false)
    #expect(try tree.snapshot().filter { $0.key.hasPrefix("App/") } == app)
    #expect(printed == scaffold.wiringInstructions(appTarget: "todo"))
    #expect(
      FileManager.default.fileExists(atPath: tree.root.appendingPathComponent("Packages/PaymentsImpl").path))
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
    for line in lines + [wiring.modelPropertyDocumentation] {
      #expect(printed.contains(line), "not printed on a line of its own: \(line)")
    }
    for module in [wiring.modelImport, wiring.compositionImport] {
      #expect(instructions.contains("`\(module)`"), "not printed: \(module)")
    }
    #expect(instructions.contains("to the dependencies of the `TodoApp` target:"))
  }

  @Test(
    "the scaffold leaves no line to paste, the feature's entry included, and --print-only ten")
  func noLineToPaste() throws {
    let tree = try FixtureTree("feature-app")
    defer { tree.remove() }
    let scaffold = FeatureScaffold(feature: try FeatureName("Payments"))
    let report = try scaffold.scaffold(into: tree.monorepo(), editsApp: true)
    #expect(Self.linesToPaste(report) == [])
    // Before the scaffold edited App/: 2 packages, 2 products, the slice, the entry, the
    // environment's loader and clock, and 2 imports (printed in prose, not as lines of their own).
    let manual = scaffold.wiringInstructions(appTarget: "todo")
    #expect(
      Self.linesToPaste(manual).count
        + [scaffold.wiring.modelImport, scaffold.wiring.compositionImport].count == 10)
  }

  /// The lines of `text` that are Swift to paste: those starting with `.` or `public var`.
  private static func linesToPaste(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix(".") || $0.hasPrefix("public var") }
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

  /// Scaffolds into a copy of a fixture App, builds the scaffolded packages and tests them, then
  /// builds the App as the scaffold left it, nothing pasted: one test, so that the App reuses the
  /// packages' build (a cold build of Core takes most of a minute on a small machine).
  @Test(
    "the scaffolded packages build, pass their tests and the strict lint, and the App it edited builds as it is; the packages build and pass with default main-actor isolation too",
    .timeLimit(.minutes(15)))
  func buildsAndPasses() throws {
    let directory = try TemporaryDirectory(prefix: "depgraph-scaffold")
    defer { directory.remove() }
    try copy(
      RepositoryTests.root.appendingPathComponent("Packages/Core"), to: directory.url, as: "Packages/Core")
    try FileManager.default.copyItem(
      at: Self.formatConfiguration, to: directory.url.appendingPathComponent(".swift-format"))
    try copy(FixtureTree.fixtures.appendingPathComponent("wiring-app/App"), to: directory.url, as: "App")
    let monorepo = try Monorepo(root: directory.url.path)
    #expect(monorepo.appCompositionTarget() == "WiringApp")
    let scaffold = FeatureScaffold(feature: try FeatureName("Payments"))
    let report = try scaffold.scaffold(into: monorepo, editsApp: true)
    let packages = ["Packages/PaymentsAPI", "Packages/PaymentsImpl"]
    let edited = [
      "App/Package.swift", "App/Sources/WiringApp/AppModel.swift",
      "App/Sources/WiringApp/AppComposition.swift", "App/Sources/WiringApp/AppEnvironment+Payments.swift",
    ]
    let lint = try Subprocess.run(
      ["swift", "format", "lint", "--strict", "--recursive"] + packages + edited, in: monorepo.root)
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

    #expect(Self.linesToPaste(report) == [])
    let build = try Subprocess.run(
      ["swift", "build", "--package-path", "App", "--scratch-path", scratch], in: monorepo.root)
    let output = String(decoding: build.standardOutput, as: UTF8.self)
    #expect(build.status == 0, "\(output)\n\(build.standardError)")

    // The same packages where everything is on the main actor unless marked, as in a new app target
    // of Swift 6.2 tooling: they build and pass their tests too (issue 57; without the templates'
    // `nonisolated` marks, the Impl package did not build). The scratch folder's Core is reused.
    for package in packages {
      let manifest = directory.url.appendingPathComponent(package).appendingPathComponent("Package.swift")
      let text = try String(contentsOf: manifest, encoding: .utf8)
      let setting = ".treatAllWarnings(as: .error),"
      #expect(text.contains(setting))
      try text.replacingOccurrences(of: setting, with: setting + "\n      .defaultIsolation(MainActor.self),")
        .write(to: manifest, atomically: true, encoding: .utf8)
    }
    for package in packages.reversed() {
      let test = try Subprocess.run(
        ["swift", "test", "--package-path", package, "--scratch-path", scratch], in: monorepo.root)
      let output = String(decoding: test.standardOutput, as: UTF8.self)
      #expect(test.status == 0, "main actor by default: \(output)\n\(test.standardError)")
    }
  }

  /// Copies the folder `source`, without build products, to `relativePath` under `root`.
  private func copy(_ source: URL, to root: URL, as relativePath: String) throws {
    try FixtureTree.copyFiles(
      of: source, to: root.appendingPathComponent(relativePath),
      skipping: [".build", ".swiftpm", "Package.resolved"])
  }
}
