import Testing
import TraceViewer

@Suite("Feature")
struct FeatureTests {
  @Test("a type's feature is its module without the API or Impl suffix")
  func names() {
    #expect(Feature.name(ofType: "TodoAPI.TodoMessage") == "Todo")
    #expect(Feature.name(ofType: "TodoImpl.TodoTimer") == "Todo")
    #expect(Feature.name(ofType: "todo.AppMessage") == "todo")
    #expect(Feature.name(ofType: "API.Thing") == "API")
    #expect(Feature.name(ofType: "Unqualified") == nil)
  }

  @Test("a feature is accepted spelled as the feature or as its module, case-sensitively")
  func spellings() {
    #expect(Feature.contains(type: "TodoAPI.TodoMessage", feature: "Todo"))
    #expect(Feature.contains(type: "TodoAPI.TodoMessage", feature: "TodoAPI"))
    #expect(Feature.contains(type: "TodoImpl.TodoTimer", feature: "TodoAPI"))
    #expect(!Feature.contains(type: "TodoAPI.TodoMessage", feature: "todo"))
    #expect(!Feature.contains(type: "AuthenticationAPI.Session", feature: "Todo"))
  }
}
