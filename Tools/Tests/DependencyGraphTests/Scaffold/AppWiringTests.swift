import Foundation
import Testing

@testable import DependencyGraph

/// The scaffold on a fixture monorepo whose App has a model and a composition (`feature-app`): what
/// it edits, and what it refuses without writing anything.
@Suite("AppWiring")
struct AppWiringTests {
  private let model = "App/Sources/todo/AppModel.swift"
  private let composition = "App/Sources/todo/AppComposition.swift"

  @Test("the scaffold edits the manifest, the model and the composition, and `depgraph check` then passes")
  func wiresAndChecks() throws {
    let tree = try FixtureTree("feature-app")
    defer { tree.remove() }
    let report = try FeatureScaffold(feature: try FeatureName("Payments"))
      .scaffold(into: tree.monorepo(), editsApp: true)
    // The base manifest with the packages after TodoImpl and the products after TodoImpl's.
    let expected = try String(
      contentsOf: FixtureTree.fixtures.appendingPathComponent("scaffolded/App/Package.swift"), encoding: .utf8
    )
    #expect(try tree.read("App/Package.swift") == expected)
    let modelText = try tree.read(model)
    #expect(modelText.hasPrefix("public import AuthenticationAPI\npublic import PaymentsAPI\n"))
    #expect(
      modelText.contains(
        "  public var authentication: Int\n  /// The Payments feature's state.\n"
          + "  public var payments = PaymentsModel()\n"))
    #expect(
      try tree.read(composition).hasPrefix("import AuthenticationImpl\nimport Core\nimport PaymentsImpl\n"))
    #expect(report.contains("App/Sources/todo/AppComposition.swift"))
    // The environment is internal and has a clock: the conformance is internal and adds none.
    #expect(
      try tree.read("App/Sources/todo/AppEnvironment+Payments.swift") == """
        import PaymentsImpl

        /// What the Payments feature reads from the app's environment.
        extension AppEnvironment: PaymentsEnvironment {
          /// Loads the Payments feature's items: none yet; replace `{ [] }` with the live call.
          var loadPaymentsItems: @Sendable () async throws -> [String] { { [] } }
        }

        """)
    #expect(report.contains("App/Sources/todo/AppEnvironment+Payments.swift"))
    #expect(try tree.generateAndCheck() == [])
  }

  @Test("on this repository's App it finds the model and the composition, and its edits pass the strict lint")
  func realApp() throws {
    let plan = try AppWiring.plan(try FeatureName("Payments"), in: Monorepo(root: RepositoryTests.root.path))
    #expect(plan.target == "TodoApp")
    #expect(plan.modelType == "AppModel")
    #expect(
      plan.edits.map { $0.path } == [
        "App/Package.swift", "App/Sources/TodoApp/Model/AppModel.swift",
        "App/Sources/TodoApp/Composition/AppComposition.swift",
        "App/Sources/TodoApp/Composition/AppEnvironment+Payments.swift",
      ])
    #expect(plan.environmentType == "AppEnvironment")
    // The App's environment is public and has a clock.
    let conformance = try #require(plan.edits.last?.text)
    #expect(conformance.hasPrefix("public import PaymentsImpl\n"))
    #expect(conformance.contains("  public var loadPaymentsItems: "))
    #expect(!conformance.contains("clock"))
    let directory = try TemporaryDirectory(prefix: "depgraph-wiring")
    defer { directory.remove() }
    let files = try plan.edits.enumerated().map { index, edit in
      let url = directory.url.appendingPathComponent("\(index)-" + (edit.path as NSString).lastPathComponent)
      try Data(edit.text.utf8).write(to: url)
      return url.path
    }
    let configuration = RepositoryTests.root.appendingPathComponent(".swift-format").path
    let lint = try Subprocess.run(
      ["swift", "format", "lint", "--strict", "--configuration", configuration] + files, in: directory.url)
    #expect(lint.status == 0, "\(lint.standardError)")
  }

  @Test(
    "wiring a feature into this repository's App, first, last or after any feature, keeps the guide's excerpt of the composition root true",
    arguments: [FeaturePosition.last, .first, .after("clock"), .after("Authentication"), .after("Todo")])
  func keepsTheArchitectureExcerpt(position: FeaturePosition) throws {
    let root = RepositoryTests.root
    let path = "App/Sources/TodoApp/Composition/AppComposition.swift"
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    let guide = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let excerpt = try #require(Self.excerpt(of: path, in: guide))
    #expect(Self.quotes(excerpt, text), "the excerpt no longer matches the file as it is")
    let entry = FeatureWiring(feature: try FeatureName("Zeta")).featureEntry
    let wired = try AppWiring.addingFeature(entry, at: position, to: text, path: path)
    #expect(wired.contains(entry))
    #expect(Self.quotes(excerpt, wired), "make docs-check would fail after make feature NAME=Zeta")
  }

  /// The lines of the first ```` ```swift-excerpt PATH ```` block of `guide`.
  private static func excerpt(of path: String, in guide: String) -> [Substring]? {
    let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: Substring("```swift-excerpt \(path)")),
      let end = lines[(start + 1)...].firstIndex(of: "```")
    else { return nil }
    return Array(lines[(start + 1)..<end])
  }

  /// Whether `excerpt` quotes `text` as `make docs-check` (Tools/Scripts/check-doc-samples.py)
  /// reads an excerpt: lines compared without surrounding spaces, consecutive between the `// …`
  /// lines, which stand for any number of lines, each run after the one before.
  private static func quotes(_ excerpt: [Substring], _ text: String) -> Bool {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    var runs: [[String]] = [[]]
    for line in excerpt.map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line == "// …" { runs.append([]) } else { runs[runs.count - 1].append(line) }
    }
    var position = 0
    for run in runs where !run.isEmpty {
      guard
        let start = (position..<max(position, lines.count - run.count + 1)).first(where: {
          Array(lines[$0..<($0 + run.count)]) == run
        })
      else { return false }
      position = start + run.count
    }
    return true
  }

  /// A composition laid out as the real App's, with a comment among its entries.
  private static let compositionText = """
    let composition = Composition<AppModel, AppEnvironment>(
      features: [
        .clock(\\.now),
        // The to-do list.
        .todo(\\.todos),
        .notifications(todos: \\.todos, notifications: \\.notifications, now: \\.now),
      ],
      app: app
    )
    """

  @Test(
    "the feature's entry goes last by default, first with --first, after a named feature with --after",
    arguments: [
      (FeaturePosition.last, [".clock", "// The", ".todo", ".notifications", ".payments"]),
      (.first, [".payments", ".clock", "// The", ".todo", ".notifications"]),
      (.after("Todo"), [".clock", "// The", ".todo", ".payments", ".notifications"]),
      (.after("clock"), [".clock", ".payments", "// The", ".todo", ".notifications"]),
    ])
  func featurePosition(position: FeaturePosition, order: [String]) throws {
    let entry = FeatureWiring(feature: try FeatureName("Payments")).featureEntry
    let edited = try AppWiring.addingFeature(entry, at: position, to: Self.compositionText, path: "C.swift")
    let lines = edited.split(separator: "\n").dropFirst(2).prefix(5)
    #expect(lines.map { $0.hasPrefix("    ") && !$0.hasPrefix("     ") } == Array(repeating: true, count: 5))
    #expect(
      lines.map { String($0.dropFirst(4).prefix { $0 != "(" && $0 != " " }) }
        == order.map { String($0.prefix { $0 != " " }) })
    #expect(edited.contains("    " + entry + "\n"))
  }

  @Test("--after a feature the list does not have is refused, naming the list's entries")
  func featurePositionUnknown() throws {
    #expect(
      throws: ToolError.cannotWire(
        path: "C.swift",
        reason: "its `features:` list has no entry for Shop to put the new feature after (it has "
          + ".clock, .todo, .notifications)")
    ) {
      try AppWiring.addingFeature(
        ".payments(),", at: .after("Shop"), to: Self.compositionText, path: "C.swift")
    }
  }

  @Test("a second run is refused: the packages exist, and without them the App already names the feature")
  func secondRunRefused() throws {
    let tree = try FixtureTree("feature-app")
    defer { tree.remove() }
    let scaffold = FeatureScaffold(feature: try FeatureName("Payments"))
    _ = try scaffold.scaffold(into: tree.monorepo(), editsApp: true)
    let wired = try tree.snapshot()
    #expect(throws: ToolError.featureExists("Payments", path: "Packages/PaymentsAPI")) {
      try scaffold.scaffold(into: tree.monorepo(), editsApp: true)
    }
    for package in ["Packages/PaymentsAPI", "Packages/PaymentsImpl"] {
      try FileManager.default.removeItem(at: tree.root.appendingPathComponent(package))
    }
    let withoutPackages = try tree.snapshot()
    #expect(throws: ToolError.cannotWire(path: "App/Package.swift", reason: "it already names PaymentsAPI")) {
      try scaffold.scaffold(into: tree.monorepo(), editsApp: true)
    }
    #expect(try tree.snapshot() == withoutPackages)
    #expect(wired.count > withoutPackages.count)
  }

  /// Scaffolds Payments into the `feature-app` tree after `breaking` it, expects `refusal`, and
  /// checks that no file was written, not even the packages.
  private func expectRefusal(
    _ refusal: ToolError, after breaking: (FixtureTree) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let tree = try FixtureTree("feature-app")
    defer { tree.remove() }
    try breaking(tree)
    let before = try tree.snapshot()
    #expect(throws: refusal, sourceLocation: sourceLocation) {
      try FeatureScaffold(feature: try FeatureName("Payments")).scaffold(
        into: tree.monorepo(), editsApp: true)
    }
    #expect(try tree.snapshot() == before, "something was written", sourceLocation: sourceLocation)
  }

  @Test("a composition target without `dependencies:` is refused and nothing is written")
  func manifestAnchorMissing() throws {
    try expectRefusal(
      .cannotWire(
        path: "App/Package.swift",
        reason: "it has no `dependencies: [ … ]` in the `todo` target (add `dependencies: []` to it)")
    ) { tree in
      let manifest = try tree.read("App/Package.swift")
      let start = try #require(manifest.range(of: "      dependencies: ["))
      let end = try #require(manifest.range(of: "      ])", range: start.upperBound..<manifest.endIndex))
      try tree.write(
        manifest.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "    )"),
        to: "App/Package.swift")
    }
  }

  @Test("an App whose model no file declares is refused and nothing is written")
  func modelMissing() throws {
    try expectRefusal(
      .cannotWire(
        path: "App/Sources/todo",
        reason: "no file of the `todo` target declares `struct AppModel`, the composition's model")
    ) { tree in
      try FileManager.default.removeItem(at: tree.root.appendingPathComponent(model))
    }
  }

  @Test("an App without a composition is refused and nothing is written")
  func compositionMissing() throws {
    try expectRefusal(
      .cannotWire(
        path: "App/Sources/todo",
        reason: "no file of the `todo` target makes a `Composition<Model, Environment>(features: …)`")
    ) { tree in
      try FileManager.default.removeItem(at: tree.root.appendingPathComponent(composition))
    }
  }

  @Test("a model that already has the feature's slice is refused and nothing is written")
  func sliceExists() throws {
    try expectRefusal(
      .cannotWire(path: model, reason: "`AppModel` already has a member named payments")
    ) { tree in
      try tree.write(
        try tree.read(model).replacing("public var authentication: Int", with: "public var payments: Int"),
        to: model)
    }
  }

  @Test("an environment that is not a struct of the App (`Void`) is refused, naming the protocol it needs")
  func environmentNotAStruct() throws {
    try expectRefusal(
      .cannotWire(
        path: "App/Sources/todo",
        reason: "no file of the `todo` target declares `struct Void`, the composition's environment, "
          + "which the feature's `PaymentsEnvironment` needs (make the environment a struct)")
    ) { tree in
      try tree.write(
        try tree.read(composition).replacing("<AppModel, AppEnvironment>", with: "<AppModel, Void>"),
        to: composition)
    }
  }

  @Test("a conformance file that exists already is refused and nothing is written")
  func environmentFileExists() throws {
    try expectRefusal(
      .cannotWire(path: "App/Sources/todo/AppEnvironment+Payments.swift", reason: "it exists")
    ) {
      tree in
      try tree.write("// Someone's own file.\n", to: "App/Sources/todo/AppEnvironment+Payments.swift")
    }
  }
}
