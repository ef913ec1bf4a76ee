import Testing

@testable import DependencyGraph

@Suite("ManifestEdit")
struct ManifestEditTests {
  private let wiring = FeatureWiring(feature: try! FeatureName("Payments"))  // A valid literal name.

  @Test(
    "the packages and products go after the local ones, before the remote ones, and the rest stays byte for byte"
  )
  func afterTheLocalPackages() throws {
    let manifest = """
      // swift-tools-version: 6.2
      import PackageDescription

      let package = Package(
        name: "App",
        dependencies: [
          .package(path: "../Packages/Core"),
          .package(path: "../Packages/TodoImpl"),  // the to-do feature
          .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        ],
        targets: [
          .target(
            name: "TodoApp",
            dependencies: [
              .product(name: "Core", package: "Core"),
              .product(name: "TodoImpl", package: "TodoImpl"),
              .product(name: "GRDB", package: "GRDB.swift"),
            ]
          ),
          .testTarget(name: "TodoAppTests", dependencies: ["TodoApp"]),
        ]
      )
      """
    let edited = try ManifestEdit.adding(wiring, target: "TodoApp", to: manifest)
    #expect(
      edited == """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
          name: "App",
          dependencies: [
            .package(path: "../Packages/Core"),
            .package(path: "../Packages/TodoImpl"),  // the to-do feature
            .package(path: "../Packages/PaymentsAPI"),
            .package(path: "../Packages/PaymentsImpl"),
            .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
          ],
          targets: [
            .target(
              name: "TodoApp",
              dependencies: [
                .product(name: "Core", package: "Core"),
                .product(name: "TodoImpl", package: "TodoImpl"),
                .product(name: "PaymentsAPI", package: "PaymentsAPI"),
                .product(name: "PaymentsImpl", package: "PaymentsImpl"),
                .product(name: "GRDB", package: "GRDB.swift"),
              ]
            ),
            .testTarget(name: "TodoAppTests", dependencies: ["TodoApp"]),
          ]
        )
        """)
  }

  @Test("a last element without a comma gets one; the target is found among others by its name")
  func lastElementWithoutComma() throws {
    let manifest = """
      let package = Package(
        name: "App",
        dependencies: [
          .package(path: "../Packages/Core")
        ],
        targets: [
          .executableTarget(name: "tool", dependencies: [.product(name: "Core", package: "Core")]),
          .target(
            name: "WiringApp",
            dependencies: [
              .product(name: "Core", package: "Core")
            ]
          ),
        ]
      )
      """
    let edited = try ManifestEdit.adding(wiring, target: "WiringApp", to: manifest)
    #expect(
      edited == """
        let package = Package(
          name: "App",
          dependencies: [
            .package(path: "../Packages/Core"),
            .package(path: "../Packages/PaymentsAPI"),
            .package(path: "../Packages/PaymentsImpl"),
          ],
          targets: [
            .executableTarget(name: "tool", dependencies: [.product(name: "Core", package: "Core")]),
            .target(
              name: "WiringApp",
              dependencies: [
                .product(name: "Core", package: "Core"),
                .product(name: "PaymentsAPI", package: "PaymentsAPI"),
                .product(name: "PaymentsImpl", package: "PaymentsImpl"),
              ]
            ),
          ]
        )
        """)
  }

  @Test("an array on one line is laid out one entry per line, one level deeper")
  func oneLineArray() throws {
    let manifest = """
      let package = Package(
          name: "App",
          dependencies: [],
          targets: [
              .executableTarget(name: "todo", dependencies: ["Helpers", .product(name: "Core", package: "Core")])
          ]
      )
      """
    let edited = try ManifestEdit.adding(wiring, target: "todo", to: manifest)
    #expect(
      edited == """
        let package = Package(
            name: "App",
            dependencies: [
                .package(path: "../Packages/PaymentsAPI"),
                .package(path: "../Packages/PaymentsImpl"),
            ],
            targets: [
                .executableTarget(name: "todo", dependencies: [
                    "Helpers",
                    .product(name: "Core", package: "Core"),
                    .product(name: "PaymentsAPI", package: "PaymentsAPI"),
                    .product(name: "PaymentsImpl", package: "PaymentsImpl"),
                ])
            ]
        )
        """)
  }

  @Test("labels and brackets in comments and strings are not taken for the manifest's")
  func commentsAndStrings() throws {
    let manifest = """
      // let package = Package(name: "Old", dependencies: [])
      let package = Package(
        name: "App",
        /* dependencies: [ */
        dependencies: [
          .package(path: "../Packages/Core"),
        ],
        targets: [
          .target(name: "TodoApp", path: "Sources/[odd] (path)", dependencies: [
            .product(name: "Core", package: "Core"),
          ]),
        ]
      )
      """
    let edited = try ManifestEdit.adding(wiring, target: "TodoApp", to: manifest)
    #expect(
      edited.contains(
        #"    .package(path: "../Packages/Core"),"# + "\n"
          + #"    .package(path: "../Packages/PaymentsAPI"),"#))
    #expect(
      edited.contains(
        #"      .product(name: "Core", package: "Core"),"# + "\n"
          + #"      .product(name: "PaymentsAPI", package: "PaymentsAPI"),"#))
    #expect(edited.hasPrefix("// let package = Package(name: \"Old\", dependencies: [])\n"))
  }

  @Test("a target without `dependencies:` is refused, saying what to add")
  func targetWithoutDependencies() {
    let manifest = """
      let package = Package(
        name: "App",
        dependencies: [.package(path: "../Packages/Core")],
        targets: [.executableTarget(name: "todo")]
      )
      """
    #expect(
      throws: ToolError.cannotWire(
        path: "App/Package.swift",
        reason: "it has no `dependencies: [ … ]` in the `todo` target (add `dependencies: []` to it)")
    ) { try ManifestEdit.adding(wiring, target: "todo", to: manifest) }
  }

  @Test("a package without `dependencies:`, a missing or a repeated target are refused")
  func missingOrRepeatedAnchors() {
    let noPackages = #"let package = Package(name: "App", targets: [.target(name: "A", dependencies: [])])"#
    let twoTargets = """
      let package = Package(
        name: "App", dependencies: [],
        targets: [.target(name: "A", dependencies: []), .executableTarget(name: "A", dependencies: [])])
      """
    let reasons = [noPackages, twoTargets, twoTargets.replacing(#"name: "A""#, with: #"name: "B""#)].map {
      manifest -> String? in
      do {
        _ = try ManifestEdit.adding(wiring, target: "A", to: manifest)
        return nil
      } catch {
        guard case .cannotWire(_, let reason) = error as? ToolError else { return "\(error)" }
        return reason
      }
    }
    #expect(
      reasons == [
        "it has no `dependencies: [ … ]` in `Package(…)` (add `dependencies: []` to it)",
        #"it has 2 `.target(name: "A", …)`, where one was expected"#,
        #"it has no `.target(name: "A", …)`"#,
      ])
  }

  @Test("a manifest that already names the feature's packages is refused")
  func alreadyWired() throws {
    let manifest = """
      let package = Package(
        name: "App",
        dependencies: [.package(path: "../Packages/PaymentsImpl")],
        targets: [.target(name: "A", dependencies: [])]
      )
      """
    #expect(throws: ToolError.cannotWire(path: "App/Package.swift", reason: "it already names PaymentsImpl"))
    {
      try ManifestEdit.adding(wiring, target: "A", to: manifest)
    }
  }
}
