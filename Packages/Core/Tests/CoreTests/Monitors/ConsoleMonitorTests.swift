import Core
import Testing

private enum Flow: Message {
  case login(user: String, password: Secret<String>)
  case loaded(count: Int)
}

private enum FlowCommand: Command {
  case signIn(String, Secret<String>)
  case load
}

private struct FlowUpdater: TypedUpdater {
  func update(_ model: inout Counter, message: Flow) -> [any Command] {
    switch message {
    case .login(let user, let password): return [FlowCommand.signIn(user, password)]
    case .loaded(let count):
      model.value = count
      return count == 0 ? [FlowCommand.load] : []
    }
  }
}

@Suite("ConsoleMonitor")
@MainActor
struct ConsoleMonitorTests {
  @Test("prints each message with its causal chain back to the external message")
  func causalChain() async {
    let store = Store(model: Counter(), updater: FlowUpdater())
    var lines: [String] = []
    store.addMonitor(ConsoleMonitor<Counter> { lines.append($0) })
    store.register(
      FunctionInterpreter(for: FlowCommand.self) { command, dispatch in
        switch command {
        case .signIn: dispatch(Flow.loaded(count: 0))
        case .load: dispatch(Flow.loaded(count: 3))
        }
      })
    store.send(Flow.login(user: "ada", password: Secret("hunter2-hunter2")))
    await store.settle()

    let messages = lines.filter { $0.hasPrefix("m") }
    #expect(
      messages == [
        #"m1 Flow.login(user: "ada", password: Secret(••••))  ⟵ external"#,
        "m2 Flow.loaded(count: 0)  ⟵ c1 FlowCommand.signIn ⟵ m1 Flow.login ⟵ external",
        "m3 Flow.loaded(count: 3)  ⟵ c2 FlowCommand.load ⟵ m2 Flow.loaded ⟵ c1 FlowCommand.signIn ⟵ m1 Flow.login ⟵ external",
      ])
    #expect(lines.contains("   → c1 FlowCommand.signIn(\"ada\", Secret(••••))"))
    #expect(lines.contains { $0.hasPrefix("c1 finished in ") })
    #expect(!lines.joined().contains("hunter2"))
  }

  @Test("prints problems with a leading marker")
  func problems() {
    let store = Store(model: Counter(), updater: CounterUpdater())
    var lines: [String] = []
    store.addMonitor(ConsoleMonitor<Counter> { lines.append($0) })
    store.send(CounterMessage.save)
    store.send(TodoMessage.add("x"))
    #expect(lines.contains("!  c1 CounterCommand.persist(0) has no interpreter; it was not performed"))
    #expect(lines.contains("!  m2 TodoMessage was not handled by any updater"))
  }

  @Test("forgets old messages beyond its history limit, and says so in chains")
  func boundedHistory() async {
    let store = Store(model: Counter(), updater: FlowUpdater())
    var lines: [String] = []
    store.addMonitor(ConsoleMonitor<Counter>(historyLimit: 1) { lines.append($0) })
    store.register(
      FunctionInterpreter(for: FlowCommand.self) { _, dispatch in dispatch(Flow.loaded(count: 5)) })
    store.send(Flow.loaded(count: 0))
    await store.settle()
    #expect(lines.contains { $0.hasPrefix("m2 Flow.loaded(count: 5)  ⟵ c1 FlowCommand.load ⟵ m1") })
  }
}
