import Testing
import TraceViewer
import Tracing

@Suite("TreeRenderer")
struct TreeRendererTests {
  @Test("each node is one line, indented two spaces per level, with times, durations, changes and problems")
  func sample() {
    let expected = #"""
      m1  +0.001s  AppMessage.input(line: "login ada")  [external]  Δ (initial model)
        → c1  AuthenticationCommand.signIn(username: "ada", password: Secret(••••))  12.3 ms
          m2  +0.014s  AuthenticationMessage.signedIn(Session(username: "ada"))  Δ session
            → c2  TodoCommand.load(username: "ada")  2.1 ms
              m3  +0.017s  TodoMessage.loaded(["Café ☕ & croissant 🥐 <b>\"bold\"</b> 茶 </script>", "tea", "jam"])  Δ items (+3)
      s1  +0.015s  ⟳ ReminderTicks(every: 0.02)  [subscription, started after m2, stopped after m5]
        m4  +0.035s  NotificationsMessage.tick(1)  Δ ticks
        m5  +0.055s  NotificationsMessage.tick(2)  Δ ticks
        ✕ dropped  +0.056s  NotificationsMessage.tick(3)  (its subscription was stopped; cause: s1)
      m6  +0.100s  AppMessage.input(line: "add milk")  [external]  Δ items (+1)
        → c3  TodoCommand.save("milk")  [failed after 3.0 ms: disk full]
      m7  +0.110s  Stray()  [external]  [unhandled]
      m8  +0.120s  AppMessage.input(line: "done 0")  [external]  Δ items[0].isDone
        → c4  NotificationsCommand.notify(title: "Done")  [no interpreter]

      """#
    #expect(TreeRenderer().render(SampleTrace.forest) == expected)
  }

  @Test("values longer than the width are cut with an ellipsis")
  func width() throws {
    let line = TreeRenderer(valueWidth: 12).line(
      for: try #require(SampleTrace.forest.roots.first), isRoot: true)
    #expect(line == "m1  +0.001s  AppMessage.…  [external]  Δ (initial model)")
  }

  @Test("a command cancelled while it ran is drawn cancelled, not finished")
  func cancelled() throws {
    var builder = TraceBuilder()
    builder.message(
      1, at: 1, type: "T.M", value: "M.search",
      commands: [TraceCommand(id: 1, type: "T.Fetch", value: "Fetch()")])
    builder.command(.commandStarted, 1, at: 1, message: 1)
    builder.cancelled(1, at: 2, message: 1)
    let forest = CausalForest(trace: Trace(entries: builder.entries))
    let rendered = TreeRenderer().render(forest)
    #expect(rendered.contains("→ c1  Fetch()  [cancelled]"))
  }

  @Test("a root whose cause is missing from the trace says so")
  func orphan() {
    var builder = TraceBuilder()
    builder.message(9, at: 1, cause: TraceBuilder.command(7, from: 6), type: "T.M", value: "M.x")
    let forest = CausalForest(trace: Trace(entries: builder.entries))
    #expect(TreeRenderer().render(forest) == "m9  +1.000s  M.x  [cause: c7 from m6, not in the trace]\n")
  }

  @Test("a message sent from a tool is a root that names the tool, and what it caused hangs below it")
  func tool() {
    var builder = TraceBuilder()
    builder.message(
      1, at: 1, cause: TraceCause(tool: "inspector"), type: "T.M", value: "M.add",
      commands: [TraceCommand(id: 1, type: "T.C", value: "C.save")])
    builder.message(2, at: 1.5, cause: TraceBuilder.command(1, from: 1), type: "T.M", value: "M.saved")
    let forest = CausalForest(trace: Trace(entries: builder.entries))
    #expect(
      TreeRenderer().render(forest) == """
        m1  +1.000s  M.add  [from inspector]
          → c1  C.save  [not started]
            m2  +1.500s  M.saved

        """)
    #expect(TracedCause(TraceCause(tool: "inspector")) == .tool("inspector"))
    #expect(TracedCause(TraceCause(kind: "tool")) == .unknown("tool"))
  }
}
