import Testing

@testable import TodoImpl

@Suite("ImportRegistry")
struct ImportRegistryTests {
  @Test("lets one import run at a time")
  func oneAtATime() throws {
    let registry = ImportRegistry()
    let ticket = try #require(registry.begin())
    #expect(registry.begin() == nil)
    registry.end(ticket)
    #expect(registry.begin() != nil)
  }

  @Test("a cancellation reaches the running import only, and is forgotten when it ends")
  func cancellation() throws {
    let registry = ImportRegistry()
    #expect(!registry.cancel())
    let first = try #require(registry.begin())
    #expect(!registry.isCancelled(first))
    #expect(registry.cancel())
    #expect(registry.isCancelled(first))
    registry.end(first)
    let second = try #require(registry.begin())
    #expect(!registry.isCancelled(second))
    #expect(!registry.isCancelled(first))
  }
}
