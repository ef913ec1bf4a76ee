import Testing

@testable import TodoImpl

@Suite("ImportRegistry")
struct ImportRegistryTests {
  @Test("lets one import run at a time")
  func oneAtATime() throws {
    let registry = ImportRegistry()
    let ticket = try #require(registry.begin(owner: Users.alice))
    #expect(registry.begin(owner: Users.alice) == nil)
    registry.end(ticket)
    #expect(registry.begin(owner: Users.alice) != nil)
  }

  @Test("a cancellation reaches the running import only, and is forgotten when it ends")
  func cancellation() throws {
    let registry = ImportRegistry()
    #expect(!registry.cancel(owner: Users.alice))
    let first = try #require(registry.begin(owner: Users.alice))
    #expect(!registry.isCancelled(first))
    #expect(registry.cancel(owner: Users.alice))
    #expect(registry.isCancelled(first))
    registry.end(first)
    let second = try #require(registry.begin(owner: Users.alice))
    #expect(!registry.isCancelled(second))
    #expect(!registry.isCancelled(first))
  }

  @Test("a cancellation for another user than the importing one is refused")
  func otherUser() throws {
    let registry = ImportRegistry()
    let running = try #require(registry.begin(owner: Users.alice))
    #expect(!registry.cancel(owner: Users.bob))
    #expect(!registry.isCancelled(running))
    #expect(registry.cancel(owner: Users.alice))
    #expect(registry.isCancelled(running))
  }
}
