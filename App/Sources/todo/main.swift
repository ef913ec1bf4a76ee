import Core

// The demo counter: reads lines from standard input, prints the status after each message.
@MainActor
func runDemo() async {
  let store = Store(model: CounterModel(), updater: CounterUpdater())
  store.register(CounterInterpreter { value in value &* 31 &+ 7 })
  store.addListener(observing: \.status) { status in print(status) }
  print(store.model.status)
  while let line = readLine() {
    if line == "quit" { break }
    store.send(CounterMessage(line: line))
    await store.settle()
  }
  store.shutDown()
}

await runDemo()
