import Testing

@testable import DependencyGraph

@Suite("FeatureName")
struct FeatureNameTests {
  @Test(
    "a valid name gives the package names and the App's property",
    arguments: [
      ("Payments", "payments"), ("HTTPClient", "httpClient"), ("URL", "url"), ("Todo2", "todo2"),
      ("A", "a"), ("OAuth2Login", "oAuth2Login"),
    ])
  func derivedNames(name: String, property: String) throws {
    let feature = try FeatureName(name)
    #expect(feature.api == name + "API")
    #expect(feature.impl == name + "Impl")
    #expect(feature.property == property)
  }

  @Test(
    "names that are not UpperCamelCase ASCII are refused",
    arguments: [
      "", "payments", "2Payments", "Pay-ments", "Pay ments", "Paymënts", "Pay_ments",
    ])
  func notUpperCamelCase(name: String) {
    #expect(throws: ToolError.self) { try FeatureName(name) }
  }

  @Test("a package name is refused, with the feature name to use instead")
  func packageNames() {
    #expect(
      throws: ToolError.invalidFeatureName(
        "PaymentsAPI",
        reason:
          "it ends in API: give the feature's name, such as Payments, to get PaymentsAPI and PaymentsImpl")
    ) { try FeatureName("PaymentsAPI") }
    #expect(throws: ToolError.self) { try FeatureName("PaymentsImpl") }
  }

  @Test("the names of the monorepo's own packages are refused", arguments: ["Core", "App", "Tools"])
  func reserved(name: String) {
    #expect(throws: ToolError.invalidFeatureName(name, reason: "\(name) is the name of a monorepo package")) {
      try FeatureName(name)
    }
  }
}
