import AuthenticationAPI
import Benchmark
import Core
import Foundation
import GRDB
import TodoAPI
import TodoImpl

// B5 (issue 6): importing 1,000,000 generated rows through the store, and toggling one item of a
// 1,000,000-item list through the store, with persistence in a SQLite file.

let owner = UserID(rawValue: 1)
let rowCount = 1_000_000

/// What the app's updater turns `done N` and `import FILE` into, for this benchmark.
enum Request: Message {
  case toggle(index: Int)
  case importCSV(path: String)
}

/// TodoImpl's updater on the slice, plus the requests that become `TodoCommand`s.
func benchmarkUpdater() -> CombinedUpdater<TodoModel> {
  CombinedUpdater<TodoModel>(
    .full(TodoUpdater()),
    .full(
      FunctionUpdater(handling: Request.self) { model, request in
        switch request {
        case .toggle(let index): [TodoCommand.toggle(model.items[index].id, owner: owner)]
        case .importCSV(let path): [TodoCommand.importCSV(path: path, owner: owner)]
        }
      })
  )
}

/// A CSV of `count` rows with empty ids (the importer makes them), in TodoAPI's format.
func generatedCSV(count: Int) throws -> String {
  let file = FileManager.default.temporaryDirectory.appendingPathComponent("b5-\(count).csv")
  if FileManager.default.fileExists(atPath: file.path) { return file.path }
  var text = TodoCSV.header + "\n"
  text.reserveCapacity(count * 64)
  for index in 0..<count {
    text += ",Generated task \(index),\(index % 4 == 0),,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z\n"
  }
  try text.write(to: file, atomically: true, encoding: .utf8)
  return file.path
}

/// A store on a fresh database file with the to-do tables, signed in as `owner`.
@MainActor
func freshStore() throws -> Store<TodoModel> {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("b5-\(UUID().uuidString).sqlite")
    .path
  let database = try DatabasePool(path: path)
  try TodoDatabase.migrate(database)
  let store = Store(model: TodoModel(owner: owner), updater: benchmarkUpdater())
  store.register(TodoInterpreter(database: database))
  return store
}

/// A store whose database and model hold 1,000,000 items, made once and shared by the toggle runs.
@MainActor
var millionItemStore: Store<TodoModel>?

/// Which toggle comes next, across runs: item `step * 7919 mod N`, as in B2.
@MainActor
var toggleStep = 0

@MainActor
func preparedMillionItemStore() async throws -> Store<TodoModel> {
  if let millionItemStore { return millionItemStore }
  let store = try freshStore()
  store.send(Request.importCSV(path: try generatedCSV(count: rowCount)))
  await store.settle()
  precondition(store.model.items.count == rowCount, "the import stored \(store.model.items.count) items")
  millionItemStore = store
  return store
}

let benchmarks: @Sendable () -> Void = {
  Benchmark(
    "B5 import: 1,000,000 generated rows into a SQLite file, through the store",
    configuration: .init(
      metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(90), maxIterations: 3)
  ) { @MainActor benchmark async in
    guard let path = try? generatedCSV(count: rowCount), let store = try? freshStore() else { return }
    // Stops the clock when the import's report is applied, before the list is reloaded.
    let finished = store.addListener(observing: { $0.lastImport != nil }) { done in
      if done { benchmark.stopMeasurement() }
    }
    benchmark.startMeasurement()
    store.send(Request.importCSV(path: path))
    await store.settle()
    store.removeListener(finished)
    precondition(
      store.model.lastImport?.imported == rowCount, "imported \(store.model.lastImport?.imported ?? 0)")
  }

  Benchmark(
    "B5 toggle: one item of a 1,000,000-item list, through the store, with persistence",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(20),
      maxIterations: 2_000)
  ) { @MainActor benchmark async in
    guard let store = try? await preparedMillionItemStore() else { return }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(Request.toggle(index: (toggleStep &* 7919) % rowCount))
      await store.settle()
      toggleStep &+= 1
    }
    benchmark.stopMeasurement()
  }
}
