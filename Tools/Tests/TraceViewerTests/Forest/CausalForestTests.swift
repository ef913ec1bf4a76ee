import Testing
import TraceViewer
import Tracing

@Suite("CausalForest")
struct CausalForestTests {
  @Test("each UI message roots a tree of the commands it emitted and the messages they sent, in time order")
  func shapeOfTheSample() {
    #expect(
      shape(of: SampleTrace.forest) == ["m1(c1(m2(c2(m3))))", "s1(m4, m5, drop)", "m6(c3)", "m7", "m8(c4)"])
  }

  @Test("a chain three messages deep nests message, command, message, command, message")
  func threeLevels() throws {
    let root = try #require(SampleTrace.forest.roots.first)
    let signIn = try #require(root.children.first)
    let signedIn = try #require(signIn.children.first)
    let load = try #require(signedIn.children.first)
    let loaded = try #require(load.children.first)
    #expect(root.message?.cause == .external)
    #expect(signIn.kind == .command(try #require(SampleTrace.trace.command(1))))
    #expect(signedIn.message?.cause == .command(1, emittedBy: 1))
    #expect(loaded.message?.id == 3)
    #expect(loaded.children.isEmpty)
  }

  @Test(
    "a subscription's messages, and its dropped message, hang under a node that says after which message it started"
  )
  func subscriptionNode() throws {
    let node = SampleTrace.forest.roots[1]
    guard case .subscription(let subscription) = node.kind else {
      Issue.record("expected a subscription, got \(node.kind)")
      return
    }
    #expect(subscription.startedAfter == 2)
    #expect(
      node.children.compactMap(\.message).map(\.value) == [
        "NotificationsMessage.tick(1)", "NotificationsMessage.tick(2)",
      ])
    #expect(node.time == 0.0146)
  }

  @Test("a message whose causing command is not in the trace becomes a root, its cause kept")
  func orphanMessage() {
    var builder = TraceBuilder()
    builder.message(
      9, at: 1, cause: TraceBuilder.command(7, from: 6), type: "TodoAPI.TodoMessage", value: "TodoMessage.x")
    let forest = CausalForest(trace: Trace(entries: builder.entries))
    #expect(shape(of: forest) == ["m9"])
    #expect(forest.roots.first?.message?.cause == .command(7, emittedBy: 6))
  }

  @Test("messages of a subscription whose start was not recorded are still grouped under it")
  func unrecordedSubscription() throws {
    var builder = TraceBuilder()
    builder.message(1, at: 1, cause: TraceBuilder.subscription(4), type: "T.Tick", value: "Tick()")
    builder.message(2, at: 2, cause: TraceBuilder.subscription(4), type: "T.Tick", value: "Tick()")
    let forest = CausalForest(trace: Trace(entries: builder.entries))
    #expect(shape(of: forest) == ["s4(m1, m2)"])
    guard case .subscription(let subscription) = try #require(forest.roots.first).kind else {
      Issue.record("expected a subscription")
      return
    }
    #expect(!subscription.isRecorded)
    #expect(forest.roots.first?.time == 1)
  }

  @Test("a subscription that sent nothing is still shown, in the order subscriptions started")
  func quietSubscriptions() {
    var builder = TraceBuilder()
    builder.subscription(.subscriptionStarted, 3, at: 0.7, after: nil, value: "Quiet()")
    builder.subscription(.subscriptionStarted, 2, at: 0.5, after: nil, value: "Watch()")
    builder.subscription(.subscriptionFailed, 2, at: 0.6, after: nil, value: "Watch()")
    #expect(shape(of: CausalForest(trace: Trace(entries: builder.entries))) == ["s2", "s3"])
  }
}
