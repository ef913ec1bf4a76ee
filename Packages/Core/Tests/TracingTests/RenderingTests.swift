import Core
import Testing
import Tracing

private struct Credentials {
  var user: String
  var password: Secret<String>
}

private enum Request {
  case signIn(Credentials)
  case ping
}

/// A self-describing type whose description would leak the secret field.
private struct Leaky: CustomStringConvertible {
  var token: Secret<String>
  var description: String { "Leaky(\(token.revealed))" }
}

@Suite("ValueRenderer and ModelDiff")
struct RenderingTests {
  @Test("secrets are redacted wherever they sit, even inside self-describing values")
  func nestedRedaction() {
    let rendering = ValueRenderer.render(
      Request.signIn(Credentials(user: "ada", password: Secret("hunter2!"))))
    #expect(rendering == #"Request.signIn(Credentials(user: "ada", password: Secret(••••)))"#)
    #expect(!ValueRenderer.render(Leaky(token: Secret("tok-123"))).contains("tok-123"))
    #expect(ValueRenderer.render(Request.ping) == "Request.ping")
  }

  private struct Reading {
    var value: UInt8?
  }

  @Test("a model whose optional number is set, then cleared, renders and diffs both times")
  func optionalClearedAfterBeingSet() {
    // No other test renders a `UInt8?`, so the set value is the first this process sees.
    #expect(ValueRenderer.render(Reading(value: 7)) == "Reading(value: 7)")
    #expect(ValueRenderer.render(Reading(value: nil)) == "Reading(value: nil)")
    #expect(
      ModelDiff.changes(from: Reading(value: 7), to: Reading(value: nil)) == [
        TraceChange(path: "value", before: "7", after: "nil")
      ])
  }

  @Test("long renderings are cut, ending in an ellipsis")
  func truncation() {
    let rendering = ValueRenderer.render(Array(repeating: "abcdef", count: 1_000), limit: 50)
    #expect(rendering.utf8.count <= 50)
    #expect(rendering.hasSuffix("…"))
  }

  private struct Item: Equatable {
    var title: String
    var done: Bool
  }

  private struct Model {
    var items: [Item]
    var owner: String?
    var tags: [String: Int]
  }

  @Test("the diff lists only changed paths, with before and after")
  func diffPaths() {
    let before = Model(
      items: [Item(title: "a", done: false), Item(title: "b", done: false)], owner: nil, tags: ["x": 1])
    var after = before
    after.items[1].done = true
    after.owner = "ada"
    after.tags["y"] = 2
    #expect(
      ModelDiff.changes(from: before, to: after) == [
        TraceChange(path: "items[1].done", before: "false", after: "true"),
        TraceChange(path: "owner", before: "nil", after: #""ada""#),
        TraceChange(path: #"tags["y"]"#, before: nil, after: "2"),
      ])
  }

  @Test("inserted and removed elements are reported at their positions")
  func insertionsAndRemovals() {
    let before = Model(
      items: [Item(title: "a", done: false), Item(title: "c", done: false)], owner: nil, tags: [:])
    var after = before
    after.items.insert(Item(title: "b", done: false), at: 1)
    #expect(
      ModelDiff.changes(from: before, to: after) == [
        TraceChange(path: "items[1]", before: nil, after: #"Item(title: "b", done: false)"#)
      ])
    #expect(
      ModelDiff.changes(from: after, to: before) == [
        TraceChange(path: "items[1]", before: #"Item(title: "b", done: false)"#, after: nil)
      ])
  }

  @Test("type names are stable across runs, even for private types")
  func stableTypeNames() {
    #expect(ValueRenderer.typeName(of: Request.ping) == "TracingTests.Request")
  }

  @Test("a diff is cut at its limit with a count of the rest")
  func limit() {
    let before = (0..<10).map { $0 }
    let after = before.map { $0 + 1 }
    let changes = ModelDiff.changes(from: before, to: after, limit: 3)
    #expect(changes.count == 4)
    #expect(changes.last == TraceChange(path: "…", before: nil, after: "7 more changes"))
  }
}
