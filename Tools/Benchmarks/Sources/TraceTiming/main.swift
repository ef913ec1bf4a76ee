import Core
import Foundation
import TodoAPI
import TodoBenchmarkSupport
import Tracing

// Issue 20's big-model tracing workload: a user with ITEMS to-do items (265,000 by default) signs in
// (the list's summary is read from a SQLite file through the store's interpreter; since issue 56
// the model holds no items), toggles TOGGLES items
// (each a database write and a result message), and the session ends. The same session runs
// untraced and traced with `TraceRecorder`, alternately, ROUNDS times in one process; each traced
// session's trace is then replayed with `TraceReplay` and the replayed model compared with the
// recorded store's. Prints seconds for each, and the traced/untraced ratio.
//
//   swift build -c release --package-path Tools/Benchmarks --product TraceTiming
//   Tools/Benchmarks/.build/release/TraceTiming [ITEMS] [TOGGLES] [ROUNDS]

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let itemCount = arguments.first ?? 265_000
let toggles = arguments.dropFirst().first ?? 100
let rounds = arguments.dropFirst(2).first ?? 2

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func format(_ value: Double) -> String { String(format: "%.2f s", value) }

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-timing-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let databasePath = folder.appendingPathComponent("todo.sqlite").path
let tracePath = folder.appendingPathComponent("session.jsonl").path

/// Fills the database once, through the store's import (not timed), and returns the items'
/// identities in display order.
@MainActor
func fillDatabase() async throws -> [TodoID] {
  let database = try benchmarkDatabase(path: databasePath)
  let store = benchmarkStore(on: database)
  store.send(Request.importCSV(path: try generatedCSV(count: itemCount)))
  await importFinished(in: store)
  let ids = try benchmarkItemIDs(in: database)
  precondition(ids.count == itemCount, "the import stored \(ids.count)")
  return ids
}

/// One session: sign in (load), toggle, end. Returns the final model and the seconds it took.
@MainActor
func session(traced: Bool, ids: [TodoID]) async throws -> (model: TodoModel, seconds: Double) {
  let clock = ContinuousClock()
  let start = clock.now
  let store = benchmarkStore(on: try benchmarkDatabase(reopening: databasePath))
  let recorder = traced ? try TraceRecorder<TodoModel>(path: tracePath, initialModel: store.model) : nil
  if let recorder { store.addMonitor(recorder) }
  store.send(Request.load)
  await store.settle()
  let loaded = store.model.summary?.counts.total ?? 0
  precondition(loaded == itemCount, "opened a list of \(loaded) items")
  for step in 0..<toggles {
    store.send(Request.toggle(id: ids[(step &* 7919) % itemCount]))
    await store.settle()
  }
  await recorder?.close()
  return (store.model, seconds(clock.now - start))
}

/// Reads the trace and replays it; returns the seconds it took.
func replay(expecting model: TodoModel) throws -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  var replay = TraceReplay(
    model: TodoModel(owner: benchmarkOwner), updater: benchmarkUpdater(),
    messageTypes: [Request.self, TodoMessage.self])
  let result = try replay.run(TraceReader.read(path: tracePath).entries)
  let elapsed = seconds(clock.now - start)
  precondition(result.model == model, "the replayed model differs from the recorded store's")
  precondition(result.steps == 2 * (toggles + 1), "replayed \(result.steps) messages")
  return elapsed
}

Task { @MainActor in
  do {
    let ids = try await fillDatabase()
    print("\(itemCount) items, \(toggles) toggles, \(rounds) rounds")
    for round in 1...rounds {
      let untraced = try await session(traced: false, ids: ids)
      let traced = try await session(traced: true, ids: ids)
      let size = (try FileManager.default.attributesOfItem(atPath: tracePath)[.size] as? Int) ?? 0
      let replayed = try replay(expecting: traced.model)
      print(
        "round \(round): untraced \(format(untraced.seconds)), traced \(format(traced.seconds)) "
          + "(\(String(format: "%.2f", traced.seconds / untraced.seconds))×), replay \(format(replayed)), "
          + "trace \(size / 1_000) kB")
    }
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("TraceTiming: \(error)\n".utf8))
    exit(1)
  }
}
dispatchMain()
