import Testing
import TraceViewer

@Suite("TraceSummary")
struct TraceSummaryTests {
  private let summary = TraceSummary(forest: SampleTrace.forest)

  @Test("totals count messages, commands and subscriptions")
  func totals() {
    #expect(summary.messageCount == 8)
    #expect(summary.commandCount == 4)
    #expect(summary.subscriptionCount == 1)
  }

  @Test("messages are counted per type, most frequent first, ties by name")
  func countsPerType() {
    #expect(
      summary.messageTypes.map { "\($0.count) \($0.type)" } == [
        "3 todo.AppMessage", "2 NotificationsAPI.NotificationsMessage",
        "1 AuthenticationAPI.AuthenticationMessage",
        "1 TodoAPI.TodoMessage", "1 todo.Stray",
      ])
  }

  @Test("the slowest commands come longest first, as many as asked")
  func slowest() {
    #expect(summary.slowestCommands.map(\.id) == [1, 3, 2])
    #expect(
      TraceSummary(forest: SampleTrace.forest, slowest: 2).slowestCommands.map(\.duration) == [
        12_300_000, 3_000_000,
      ])
  }

  @Test("failed commands are listed with their errors")
  func failed() {
    #expect(summary.failedCommands.map(\.id) == [3])
    #expect(summary.failedCommands.first?.error == "disk full")
  }

  @Test(
    "problems list the dropped message, the unhandled one and the command without interpreter, in tree order")
  func problems() throws {
    #expect(
      summary.problems == [
        .dropped(try #require(SampleTrace.trace.drops.first)),
        .unhandled(try #require(SampleTrace.trace.message(7))),
        .noInterpreter(try #require(SampleTrace.trace.command(4))),
      ])
  }

  @Test("the longest chains come deepest first; single messages are not chains")
  func longestChains() {
    #expect(summary.longestChains.map { $0.messages.map(\.id) } == [[1, 2, 3]])
    #expect(summary.longestChains.first?.depth == 3)
  }

  @Test("a filtered forest is summarized alone")
  func filtered() {
    let ticks = TraceSummary(
      forest: SampleTrace.forest.filtered(by: TraceFilter(features: ["Notifications"])))
    #expect(ticks.messageCount == 2)
    #expect(ticks.commandCount == 0)
    #expect(ticks.longestChains.isEmpty)
    #expect(ticks.problems.count == 1)
  }
}
