import Core
import Foundation
import TodoAPI
import TodoBenchmarkSupport

// The app's side of `make bench-import` (issue 20): imports a CSV file through a store with the
// to-do interpreter on a new database opened as the app opens its own, and prints how long the
// import took (from the command to its report, as B5 measures) and how long the list's reload
// after it took. Tools/Scripts/bench-import.sh runs it beside the sqlite3 shell's import.
//
//   swift build -c release --package-path Tools/Benchmarks --product ImportTiming
//   Tools/Benchmarks/.build/release/ImportTiming FILE.csv DATABASE.sqlite
//   Tools/Benchmarks/.build/release/ImportTiming --generate ROWS   # writes the B5 file, prints its path
//   Tools/Benchmarks/.build/release/ImportTiming --create DATABASE.sqlite   # a new, empty database
//   Tools/Benchmarks/.build/release/ImportTiming --export DATABASE.sqlite OUT.csv   # `export OUT.csv`
//
// `--create` makes the database as the app makes its own (every to-do migration) and stops: the
// sqlite3 anchor (`import-anchor.sh --existing`) then imports into the very schema the app keeps,
// full-text index and triggers included.
//
// With IMPORT_ONLY=1 in the environment it exits as soon as the import is reported, without the
// reload: for profiling the import alone (`perf record -g …`).

/// The CPU time this process has used so far, user and system, every thread.
func cpuTime() -> String {
  var usage = rusage()
  #if os(Linux)
  getrusage(RUSAGE_SELF.rawValue, &usage)  // Glibc imports RUSAGE_SELF as an enum case
  #else
  getrusage(RUSAGE_SELF, &usage)
  #endif
  let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return String(format: "%.2f s", seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

/// Seconds, with two decimals.
func seconds(_ duration: Duration) -> String {
  let (whole, fraction) = duration.components
  return String(format: "%.2f s", Double(whole) + Double(fraction) / 1e18)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "--generate", let rows = Int(arguments[1]) {
  print(try generatedCSV(count: rows))
  exit(0)
}
if arguments.count == 2, arguments[0] == "--create" {
  _ = try benchmarkDatabase(path: arguments[1])
  exit(0)
}
if arguments.count == 3, arguments[0] == "--export" {
  // The export alone, as `export FILE` performs it: the store does not load the list first.
  let store = benchmarkStore(on: try benchmarkDatabase(reopening: arguments[1]))
  let start = ContinuousClock.now
  store.send(Request.exportCSV(path: arguments[2]))
  await store.settle()
  guard let summary = store.model.lastExport else {
    FileHandle.standardError.write(Data("ImportTiming: the export failed: \(store.model)\n".utf8))
    exit(1)
  }
  print("store export: \(seconds(.now - start)), CPU \(cpuTime()) (\(summary.count) rows)")
  exit(0)
}
guard arguments.count == 2, !arguments[0].hasPrefix("--") else {
  FileHandle.standardError.write(
    Data(
      ("usage: ImportTiming FILE.csv DATABASE.sqlite | ImportTiming --generate ROWS"
        + " | ImportTiming --create DATABASE.sqlite | ImportTiming --export DATABASE.sqlite OUT.csv\n").utf8))
  exit(2)
}

let store = benchmarkStore(on: try benchmarkDatabase(path: arguments[1]))
let clock = ContinuousClock()
var start = clock.now
var reported: ContinuousClock.Instant?
let listener = store.addListener(observing: { $0.lastImport != nil }) { done in
  guard done else { return }
  reported = clock.now
  if ProcessInfo.processInfo.environment["IMPORT_ONLY"] == "1" {
    print("store import: \(seconds(clock.now - start)), CPU \(cpuTime())")
    exit(0)
  }
}
start = clock.now
store.send(Request.importCSV(path: arguments[0]))
await importFinished(in: store)
let end = clock.now
guard let reported, let report = store.model.lastImport else {
  FileHandle.standardError.write(Data("ImportTiming: the import did not finish\n".utf8))
  exit(1)
}
print(
  "store import: \(seconds(reported - start)) (\(report.imported) rows, \(report.skippedCount) skipped);"
    + " reload of the list: \(seconds(end - reported)) (\(store.model.items.count) items)")
