import Core
import Foundation
import TodoAPI
import TodoBenchmarkSupport

// B5's toggle outside the benchmark harness, for profiling (`perf record -g`): imports ROWS
// generated items into a new database, then toggles TOGGLES of them through the store (item
// `k * 7919 mod ROWS`, as B5), and prints the time a toggle.
//
//   swift build -c release --package-path Tools/Benchmarks --product ToggleTiming
//   Tools/Benchmarks/.build/release/ToggleTiming [ROWS] [TOGGLES]

let arguments = Array(CommandLine.arguments.dropFirst())
let rows = arguments.first.flatMap { Int($0) } ?? 100_000
let toggles = arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000
let path = FileManager.default.temporaryDirectory.appendingPathComponent("toggle-\(getpid()).sqlite").path
defer {
  for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

@MainActor
func run() async throws {
  let database = try benchmarkDatabase(path: path)
  let store = benchmarkStore(on: database)
  store.send(Request.importCSV(path: try generatedCSV(count: rows)))
  await importFinished(in: store)
  let ids = try benchmarkItemIDs(in: database)
  precondition(ids.count == rows, "imported \(ids.count) of \(rows)")
  let clock = ContinuousClock()
  let start = clock.now
  for step in 0..<toggles {
    store.send(Request.toggle(id: ids[(step &* 7919) % rows]))
    await store.settle()
  }
  let elapsed = clock.now - start
  let (seconds, attoseconds) = elapsed.components
  let micros = (Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(toggles)
  print(String(format: "%d toggles of %d items: %.1f µs a toggle", toggles, rows, micros))
}

try await run()
