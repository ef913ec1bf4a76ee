import Testing

@testable import DependencyGraph

@Suite("SourceEdit")
struct SourceEditTests {
  private let property = ["/// The Payments feature's state.", "public var payments = PaymentsModel()"]

  private func addingImport(_ module: String, to text: String) throws -> String {
    try SourceEdit.addingImport("public import \(module)", of: module, to: text, path: "AppModel.swift")
  }

  private func addingProperty(to text: String) throws -> String {
    try SourceEdit.addingProperty(
      property, named: "payments", toStruct: "AppModel", in: text, path: "AppModel.swift")
  }

  @Test("an import goes where its module sorts, whatever the other imports' access or attributes")
  func importSorted() throws {
    let text = """
      import AuthenticationImpl
      public import Core
      @preconcurrency import TodoImpl

      struct A {}
      """
    #expect(
      try addingImport("PaymentsAPI", to: text) == """
        import AuthenticationImpl
        public import Core
        public import PaymentsAPI
        @preconcurrency import TodoImpl

        struct A {}
        """)
    #expect(
      try addingImport("Zebra", to: text).contains("@preconcurrency import TodoImpl\npublic import Zebra\n\n")
    )
    #expect(
      try addingImport("Accounts", to: text).hasPrefix("public import Accounts\nimport AuthenticationImpl\n"))
  }

  @Test("a file without imports gets one at the top, after a header comment, then a blank line")
  func importIntoFileWithout() throws {
    #expect(
      try addingImport("PaymentsAPI", to: "/// The model.\nstruct AppModel {}\n") == """
        public import PaymentsAPI

        /// The model.
        struct AppModel {}

        """)
    #expect(
      try addingImport("PaymentsAPI", to: "// Header.\n\nstruct AppModel {}") == """
        // Header.

        public import PaymentsAPI

        struct AppModel {}
        """)
  }

  @Test("a file that already imports the module is refused; an import in a comment does not count")
  func importAlreadyThere() throws {
    #expect(throws: ToolError.cannotWire(path: "AppModel.swift", reason: "it already imports PaymentsAPI")) {
      try addingImport("PaymentsAPI", to: "import Core\npublic import PaymentsAPI.Model\n")
    }
    #expect(
      try addingImport("PaymentsAPI", to: "// import PaymentsAPI\nimport Core\n").contains(
        "import Core\npublic import PaymentsAPI\n"))
  }

  @Test(
    "the property goes after the model's last instance property, indented like it, with its documentation")
  func propertyAfterTheLast() throws {
    let text = """
      public struct AppModel: Hashable, Sendable, Codable {
        /// The shared default.
        static let fallback = AppModel()
        /// Who is signed in.
        public var authentication: AuthenticationModel
        /// What the terminal shows: a slice written over two lines.
        public var ui = UIModel(
          width: 80)

        /// Members of a nested type are not the model's.
        struct Nested {
          var inner: Int
        }

        public init() {
          authentication = AuthenticationModel()
        }
      }
      """
    #expect(
      try addingProperty(to: text) == """
        public struct AppModel: Hashable, Sendable, Codable {
          /// The shared default.
          static let fallback = AppModel()
          /// Who is signed in.
          public var authentication: AuthenticationModel
          /// What the terminal shows: a slice written over two lines.
          public var ui = UIModel(
            width: 80)
          /// The Payments feature's state.
          public var payments = PaymentsModel()

          /// Members of a nested type are not the model's.
          struct Nested {
            var inner: Int
          }

          public init() {
            authentication = AuthenticationModel()
          }
        }
        """)
  }

  @Test("a property with a body ends at its closing brace; a struct without properties gets it first")
  func propertyAfterABody() throws {
    let computed = "struct AppModel {\n    var count = 0 {\n        didSet { }\n    }\n}\n"
    #expect(
      try addingProperty(to: computed)
        == "struct AppModel {\n    var count = 0 {\n        didSet { }\n    }\n    /// The Payments feature's state.\n"
        + "    public var payments = PaymentsModel()\n}\n")
    #expect(
      try addingProperty(to: "struct AppModel: Sendable {\n  init() {}\n}")
        == "struct AppModel: Sendable {\n  /// The Payments feature's state.\n  public var payments = PaymentsModel()\n"
        + "  init() {}\n}")
  }

  @Test("a model without the struct, with two, or with a member of the property's name is refused")
  func propertyRefusals() {
    let cases = [
      "// struct AppModel {}\nenum AppModel {}",
      "struct AppModel {}\nextension X { struct AppModel {} }",
      "struct AppModel {\n  var payments: Int\n}",
      "struct AppModel {\n  func payments() {}\n}",
    ]
    let reasons = cases.map { text -> String? in
      do {
        _ = try addingProperty(to: text)
        return nil
      } catch {
        guard case .cannotWire(_, let reason) = error as? ToolError else { return "\(error)" }
        return reason
      }
    }
    #expect(
      reasons == [
        "it has 0 declarations of `struct AppModel`",
        "it has 2 declarations of `struct AppModel`",
        "`AppModel` already has a member named payments",
        "`AppModel` already has a member named payments",
      ])
  }

  @Test("the composition's model type is read from its code, not from its comments")
  func compositionModel() {
    let text = """
      /// Made with `Composition<Other, Void>`.
      let composition = Composition<AppModel, AppEnvironment>(features: [])
      let other = Core.Composition <ShopModel, Void>(features: [])
      """
    #expect(AppWiring.compositionModels(in: text) == ["AppModel", "ShopModel"])
  }
}
