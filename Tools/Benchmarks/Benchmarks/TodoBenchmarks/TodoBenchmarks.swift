import AuthenticationAPI
import Benchmark
import Core
import Foundation
import GRDB
import GRDBSQLite
import TodoAPI
import TodoBenchmarkSupport
import TodoImpl

// B5 (issues 6 and 20): importing 1,000,000 generated rows through the store, and toggling one item
// of a 1,000,000-item list through the store, with persistence in a SQLite file opened as the app
// opens its own. Beside the toggle, its anchor: the same `UPDATE … RETURNING` on the same database,
// prepared once and run through SQLite's C interface alone. The import's anchor, the sqlite3 shell,
// runs in `make bench-import` (Tools/Scripts/bench-import.sh).
//
// B9 (issue 31): `find WORDS` on a 1,000,000-item list through the store, by SQLite's full-text
// index, beside a `LIKE '%word%'` scan of the same table in the same run.

let rowCount = 1_000_000

/// A store on a fresh database file with the to-do tables, signed in as `benchmarkOwner`.
@MainActor
func freshStore() throws -> (Store<TodoModel>, DatabasePool) {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("b5-\(UUID().uuidString).sqlite")
  let database = try benchmarkDatabase(path: path.path)
  return (benchmarkStore(on: database), database)
}

/// A store whose database and model hold 1,000,000 items, made once and shared by the toggle runs.
@MainActor
var millionItemStore: (store: Store<TodoModel>, database: DatabasePool, ids: [TodoID])?

/// Which toggle comes next, across runs and across the store and its anchor: item
/// `step * 7919 mod N`, as in B2.
@MainActor
var toggleStep = 0

@MainActor
func preparedMillionItemStore() async throws -> (
  store: Store<TodoModel>, database: DatabasePool, ids: [TodoID]
) {
  if let millionItemStore { return millionItemStore }
  let (store, database) = try freshStore()
  store.send(Request.importCSV(path: try generatedCSV(count: rowCount)))
  await importFinished(in: store)
  let ids = try benchmarkItemIDs(in: database)
  precondition(ids.count == rowCount, "the import stored \(ids.count) items")
  millionItemStore = (store, database, ids)
  return (store, database, ids)
}

/// A thousand toggles a sample, reported per toggle: with one a sample, the harness's own cost of
/// starting and stopping a measurement (10–20 µs) would count as part of each toggle.
var perToggle: Benchmark.Configuration {
  Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, scalingFactor: .kilo,
    maxDuration: .seconds(30), maxIterations: 15)
}

/// The statement the interpreter runs for a toggle (`TodoTable`'s), for the anchor.
let toggleSQL = """
  UPDATE todo_item SET done = NOT done, updated = ?1 WHERE owner = ?2 AND id = ?3
  RETURNING id, title, done, due, created, updated
  """

/// SQLite's marker for "copy the bytes before returning", which Swift cannot import as a macro.
let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// Runs the toggle's statement for each of `ids`, in the writer's connection, through SQLite's C
/// interface: bind, step, read the returned row's columns, reset. The clock runs around the loop.
func runToggleStatement(on database: DatabasePool, ids: [String], measuring benchmark: Benchmark) throws {
  let owner = Int64(benchmarkOwner.rawValue)
  try database.writeWithoutTransaction { db in
    let prepared = try db.makeStatement(sql: toggleSQL)
    // Finalized when `prepared` is released, so it must outlive the loop.
    defer { withExtendedLifetime(prepared) {} }
    let statement = prepared.sqliteStatement
    benchmark.startMeasurement()
    for (step, id) in ids.enumerated() {
      sqlite3_bind_int64(statement, 1, Int64(step))
      sqlite3_bind_int64(statement, 2, owner)
      _ = id.withCString { sqlite3_bind_text(statement, 3, $0, -1, transient) }
      precondition(sqlite3_step(statement) == SQLITE_ROW, "the item was not found")
      for column in 0..<6 { blackHole(sqlite3_column_text(statement, Int32(column))) }
      precondition(sqlite3_step(statement) == SQLITE_DONE)
      sqlite3_reset(statement)
    }
    benchmark.stopMeasurement()
  }
}

/// A store whose database and model hold the 1,000,000 items of ``searchCSV(count:)``, imported
/// through the store (so the index was built by its triggers), made once and shared by B9's runs.
@MainActor
var searchStore: (store: Store<TodoModel>, database: DatabasePool)?

@MainActor
func preparedSearchStore() async throws -> (store: Store<TodoModel>, database: DatabasePool) {
  if let searchStore { return searchStore }
  let (store, database) = try freshStore()
  store.send(Request.importCSV(path: try searchCSV(count: rowCount)))
  await importFinished(in: store)
  precondition(
    store.model.lastImport?.imported == rowCount,
    "the import stored \(store.model.lastImport?.imported ?? 0) items")
  searchStore = (store, database)
  return (store, database)
}

/// One search a sample, in milliseconds.
var perSearch: Benchmark.Configuration {
  Benchmark.Configuration(
    metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(20), maxIterations: 40)
}

/// B9: `find WORD` through the store, on the 1,000,000 items of ``searchCSV(count:)``: the search
/// command, FTS5's ranked first page of 20 and its total, the message back. The clock stops when the
/// page is in the model.
@MainActor
func searchThroughStore(_ text: String, expecting range: ClosedRange<Int>, _ benchmark: Benchmark) async {
  guard let (store, _) = try? await preparedSearchStore() else { return }
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    store.send(Request.search(text))
    await store.settle()
  }
  benchmark.stopMeasurement()
  let total = store.model.lastSearch?.total ?? -1
  precondition(range.contains(total), "\(text) matched \(total) items, not \(range)")
}

let benchmarks: @Sendable () -> Void = {
  Benchmark(
    "B5 import: 1,000,000 generated rows into a SQLite file, through the store",
    configuration: .init(
      metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(90), maxIterations: 3)
  ) { @MainActor benchmark async in
    guard let path = try? generatedCSV(count: rowCount), let (store, _) = try? freshStore() else { return }
    // Stops the clock when the import's report is applied, before the list is reloaded.
    let finished = store.addListener(observing: { $0.lastImport != nil }) { done in
      if done { benchmark.stopMeasurement() }
    }
    benchmark.startMeasurement()
    store.send(Request.importCSV(path: path))
    await importFinished(in: store)
    store.removeListener(finished)
    precondition(
      store.model.lastImport?.imported == rowCount, "imported \(store.model.lastImport?.imported ?? 0)")
  }

  Benchmark(
    "B5 toggle: one item of a 1,000,000-item list, through the store, with persistence",
    configuration: perToggle
  ) { @MainActor benchmark async in
    guard let (store, _, ids) = try? await preparedMillionItemStore() else { return }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(Request.toggle(id: ids[(toggleStep &* 7919) % rowCount]))
      await store.settle()
      toggleStep &+= 1
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "B5 toggle anchor: the same UPDATE … RETURNING alone, prepared once, on the same database",
    configuration: perToggle
  ) { @MainActor benchmark async in
    guard let (_, database, items) = try? await preparedMillionItemStore() else { return }
    let ids = (0..<benchmark.scaledIterations.count).map { offset in
      items[((toggleStep &+ offset) &* 7919) % rowCount].rawValue
    }
    toggleStep &+= ids.count
    try? runToggleStatement(on: database, ids: ids, measuring: benchmark)
  }

  Benchmark(
    "B9 search: a rare word (~0.06 % of 1,000,000 titles), first page and total, through the store",
    configuration: perSearch
  ) { @MainActor benchmark async in
    await searchThroughStore(searchWord(rank: 998), expecting: 300...1_000, benchmark)
  }

  Benchmark(
    "B9 search: a word in ~0.6 % of 1,000,000 titles, first page and total, through the store",
    configuration: perSearch
  ) { @MainActor benchmark async in
    await searchThroughStore(searchWord(rank: 100), expecting: 3_000...10_000, benchmark)
  }

  Benchmark(
    "B9 search: a word in ~1/3 of 1,000,000 titles, first page and total, through the store",
    configuration: perSearch
  ) { @MainActor benchmark async in
    await searchThroughStore(searchWord(rank: 0), expecting: 250_000...450_000, benchmark)
  }

  Benchmark(
    "B9 search: two words (~1/3 and ~0.6 %), first page and total, through the store",
    configuration: perSearch
  ) { @MainActor benchmark async in
    await searchThroughStore(
      "\(searchWord(rank: 0)) \(searchWord(rank: 100))", expecting: 500...4_000, benchmark)
  }

  Benchmark(
    "B9 search anchor: LIKE '%word%' counting the ~0.6 % word's matches, a scan of the same table",
    configuration: perSearch
  ) { @MainActor benchmark async in
    guard let (_, database) = try? await preparedSearchStore() else { return }
    let pattern = "%\(searchWord(rank: 100))%"
    var total = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      total =
        (try? await database.read { db in
          try Int.fetchOne(
            db, sql: "SELECT count(*) FROM todo_item WHERE owner = ? AND title LIKE ?",
            arguments: [benchmarkOwner.rawValue, pattern])
        }) ?? -1
    }
    benchmark.stopMeasurement()
    precondition((3_000...10_000).contains(total), "LIKE matched \(total) items")
  }
}
