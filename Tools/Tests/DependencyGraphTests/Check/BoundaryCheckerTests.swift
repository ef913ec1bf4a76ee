import Foundation
import Testing

/// Each rule's fixture laid over the `base` fixture, which obeys every rule; the check must print
/// exactly the expected lines.
@Suite("Package rules")
struct BoundaryCheckerTests {
  private func violations(_ overlay: String...) throws -> [String] {
    let tree = try FixtureTree()
    defer { tree.remove() }
    for name in overlay { try tree.apply(name) }
    return try tree.generateAndCheck()
  }

  @Test("a monorepo that obeys every rule passes, test-only remote packages of Core included")
  func valid() throws {
    #expect(try violations() == [])
  }

  @Test("Core depending on a local package is reported")
  func coreIndependent() throws {
    #expect(
      try violations("core-independent") == [
        "core-independent: Core → LoggingAPI: Core may depend on nothing but the Swift toolchain",
        // The root manifest, which mirrors Core's library, no longer does.
        "root-manifest: Package.swift: target Core depends on nothing, Packages/Core's on LoggingAPI/LoggingAPI",
      ])
  }

  @Test("the Core library using a remote package is reported")
  func coreRemote() throws {
    #expect(
      try violations("core-remote") == [
        "core-remote: Core → swift-collections: target Core uses product Collections; "
          + "only Core's test targets may use packages outside the toolchain",
        "root-manifest: Package.swift: target Core depends on nothing, "
          + "Packages/Core's on swift-collections/Collections",
      ])
  }

  @Test("an API package depending on an Impl package is reported")
  func apiBoundary() throws {
    #expect(
      try violations("api-boundary") == [
        "api-boundary: TodoAPI → AuthenticationImpl: an API package may depend only on Core and other API packages"
      ])
  }

  @Test("an Impl package depending on another Impl package is reported")
  func implBoundary() throws {
    #expect(
      try violations("impl-boundary") == [
        "impl-boundary: TodoImpl → AuthenticationImpl: an Impl package may depend only on Core and API "
          + "packages, never on another Impl"
      ])
  }

  @Test("an Impl package whose tests alone depend on another Impl package is reported, saying so")
  func implBoundaryInTests() throws {
    #expect(
      try violations("impl-boundary-tests") == [
        "impl-boundary: TodoImpl → AuthenticationImpl (test targets only): an Impl package may depend only "
          + "on Core and API packages, never on another Impl"
      ])
  }

  @Test("the inspector on Core and its page, with App depending on it, passes")
  func inspector() throws {
    #expect(try violations("inspector") == [])
  }

  @Test("the inspector depending on a feature package is reported")
  func inspectorBoundary() throws {
    #expect(
      try violations("inspector", "inspector-boundary") == [
        "inspector-boundary: Inspector → TodoAPI: the inspector may depend only on Core and its page among the "
          + "monorepo's packages"
      ])
  }

  @Test("the inspector's page depending on a package, local or remote, is reported")
  func inspectorPageIndependent() throws {
    #expect(
      try violations("inspector", "inspector-page-independent") == [
        "inspector-page-independent: InspectorPage → Core: the inspector's page may depend on no package",
        "inspector-page-independent: InspectorPage → swift-collections: target InspectorPageTests uses product "
          + "Collections; the inspector's page may depend on no package",
      ])
  }

  @Test("a feature package depending on the inspector is reported")
  func inspectorInFeature() throws {
    #expect(
      try violations("inspector", "inspector-in-feature") == [
        "impl-boundary: TodoImpl → Inspector: an Impl package may depend only on Core and API packages, never "
          + "on another Impl"
      ])
  }

  @Test("a package other than App depending on an Impl package is reported, and so is its name")
  func implOnlyInApp() throws {
    #expect(
      try violations("impl-only-in-app") == [
        "layout: Utilities (Packages/Utilities): a package under Packages/ is Core, Inspector, InspectorPage, "
          + "<Feature>API or <Feature>Impl",
        "impl-only-in-app: Utilities → AuthenticationImpl: only App and the benchmarks may depend on an Impl "
          + "package",
      ])
  }

  @Test("Tools depending on a feature package is reported")
  func toolsBoundary() throws {
    #expect(
      try violations("tools-boundary") == [
        "tools-boundary: Tools → TodoAPI: Tools may not depend on feature packages"
      ])
  }

  @Test("the benchmarks may depend on an Impl package, like the App")
  func benchmarksMayMeasureImpls() throws {
    #expect(try violations("benchmarks") == [])
  }

  @Test("the fuzz targets may depend on an API package, like the benchmarks")
  func fuzzTargetsMayCompileFeatureParsers() throws {
    #expect(try violations("fuzz") == [])
  }

  @Test("a package depending on App or on the benchmarks, the roots of the graph, is reported")
  func root() throws {
    #expect(
      try violations("benchmarks", "root") == [
        "root: Tools → App: nothing may depend on App, a root of the graph",
        "root: Tools → Benchmarks: nothing may depend on the benchmarks, a root of the graph",
      ])
  }

  @Test("a root manifest that is not exactly Core's library is reported, part by part")
  func rootManifest() throws {
    #expect(
      try violations("root-manifest") == [
        "root-manifest: Package.swift → swift-property-based: the root manifest depends on no package "
          + "(every project that depends on the repository would resolve it)",
        "root-manifest: Package.swift: product TodoAPI is not a product of Packages/Core",
        "root-manifest: Package.swift: product CoreTesting of Packages/Core is missing",
        "root-manifest: Package.swift: target Core must take its sources from Packages/Core/Sources/Core, "
          + "not Sources/Core",
        "root-manifest: Package.swift: target TodoAPI is not a library target of Packages/Core "
          + "(the root manifest exposes Core's library only; tests run in Packages/Core)",
        "root-manifest: Package.swift: test target CoreTests is not a library target of Packages/Core "
          + "(the root manifest exposes Core's library only; tests run in Packages/Core)",
        "root-manifest: Package.swift: target CoreTesting of Packages/Core is missing",
      ])
  }

  @Test("a repository without a root manifest is reported: nobody could depend on it by URL")
  func rootManifestMissing() throws {
    let tree = try FixtureTree()
    defer { tree.remove() }
    try FileManager.default.removeItem(at: tree.root.appendingPathComponent("Package.swift"))
    #expect(
      try tree.generateAndCheck() == [
        "root-manifest: Package.swift is missing: other projects depend on the repository through it; "
          + "it exposes Core's library targets from Packages/Core/Sources"
      ])
  }

  @Test("a cycle among API packages is reported as the whole cycle")
  func cycle() throws {
    #expect(try violations("cycle") == ["cycle: AuthenticationAPI → TodoAPI → AuthenticationAPI"])
  }

  @Test("a package App does not reach is reported")
  func unreachable() throws {
    #expect(
      try violations("unreachable") == [
        "unreachable: App does not reach PaymentsAPI: add it to the dependencies of App/Package.swift "
          + "(or remove Packages/PaymentsAPI)"
      ])
  }

  @Test("a manifest whose shared settings block differs from Core's, or that has none, is reported")
  func settings() throws {
    #expect(
      try violations("settings") == [
        "settings: Packages/AuthenticationAPI/Package.swift: no shared settings block (`// MARK: - Settings "
          + "shared by every package of the monorepo` and the loop that follows it, as in the other manifests)",
        "settings: Packages/TodoAPI/Package.swift: the shared settings block differs from "
          + "Packages/Core/Package.swift's: `]` where it has `.treatAllWarnings(as: .error),`",
      ])
  }
}
