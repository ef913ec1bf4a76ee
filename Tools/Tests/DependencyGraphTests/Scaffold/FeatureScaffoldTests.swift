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

  @Test(
    "the scaffolded packages build, pass their tests and the strict lint",
    .timeLimit(.minutes(10)))
  func buildsAndPasses() throws {
    let directory = try TemporaryDirectory(prefix: "depgraph-scaffold")
    defer { directory.remove() }
    try copyCore(into: directory.url)
    try FileManager.default.copyItem(
      at: Self.formatConfiguration, to: directory.url.appendingPathComponent(".swift-format"))
    let monorepo = try Monorepo(root: directory.url.path)
    let packages = try FeatureScaffold(feature: try FeatureName("Payments")).write(into: monorepo)
    let lint = try Subprocess.run(
      ["swift", "format", "lint", "--strict", "--recursive"] + packages, in: monorepo.root)
    #expect(lint.status == 0, "\(lint.standardError)")
    // One scratch folder for both packages: the API's tests reuse the Impl's build of Core.
    let scratch = directory.url.appendingPathComponent(".build-scaffold").path
    for package in packages.reversed() {
      let test = try Subprocess.run(
        ["swift", "test", "--package-path", package, "--scratch-path", scratch], in: monorepo.root)
      let output = String(decoding: test.standardOutput, as: UTF8.self)
      #expect(test.status == 0, "\(output)\n\(test.standardError)")
    }
  }

  /// Copies the real `Packages/Core`, without build products, into `root`.
  private func copyCore(into root: URL) throws {
    let source = RepositoryTests.root.appendingPathComponent("Packages/Core")
    let destination = root.appendingPathComponent("Packages/Core")
    let prefix = source.standardizedFileURL.path + "/"
    let enumerator = FileManager.default.enumerator(at: source, includingPropertiesForKeys: [.isDirectoryKey])
    while let url = enumerator?.nextObject() as? URL {
      let relative = String(url.standardizedFileURL.path.dropFirst(prefix.count))
      if [".build", ".swiftpm", "Package.resolved"].contains(url.lastPathComponent) {
        enumerator?.skipDescendants()
        continue
      }
      let target = destination.appendingPathComponent(relative)
      if try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true {
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      } else {
        try FileManager.default.copyItem(at: url, to: target)
      }
    }
  }
}
