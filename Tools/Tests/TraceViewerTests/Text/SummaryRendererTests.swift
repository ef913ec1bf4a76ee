import Testing
import TraceViewer

@Suite("SummaryRenderer")
struct SummaryRendererTests {
  @Test("the summary prints totals, counts per type, slowest and failed commands, problems and chains")
  func sample() {
    let expected = #"""
      8 messages, 4 commands, 1 subscription

      Messages per type
             3  todo.AppMessage
             2  NotificationsAPI.NotificationsMessage
             1  AuthenticationAPI.AuthenticationMessage
             1  TodoAPI.TodoMessage
             1  todo.Stray

      Slowest commands
           12.3 ms  c1  AuthenticationCommand.signIn(username: "ada", password: Secret(••••))  (from m1)
            3.0 ms  c3  TodoCommand.save("milk")  (from m6)
            2.1 ms  c2  TodoCommand.load(username: "ada")  (from m2)

      Failed commands
        c3  TodoCommand.save("milk")  (from m6) after 3.0 ms: disk full

      Problems
        dropped  +0.056s  NotificationsMessage.tick(3)  (cause: s1): its subscription was stopped
        unhandled  m7  +0.110s  Stray()
        no interpreter  c4  NotificationsCommand.notify(title: "Done")  (from m8)

      Longest causal chains
          3  m1 AppMessage.input → m2 AuthenticationMessage.signedIn → m3 TodoMessage.loaded

      """#
    #expect(SummaryRenderer().render(TraceSummary(forest: SampleTrace.forest)) == expected)
  }

  @Test("an empty section says none")
  func empty() {
    #expect(
      SummaryRenderer().render(TraceSummary(forest: CausalForest(roots: []))) == """
        0 messages, 0 commands, 0 subscriptions

        Messages per type
          none

        Slowest commands
          none

        Failed commands
          none

        Problems
          none

        Longest causal chains
          none

        """)
  }
}
