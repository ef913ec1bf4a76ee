import Core
import Foundation
import GRDB
import TodoAPI
import TodoBenchmarkSupport
import TodoImpl

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
//   Tools/Benchmarks/.build/release/ImportTiming --pages DATABASE.sqlite   # pages read by TodoDatabase.page
//
// `--create` makes the database as the app makes its own (every to-do migration) and stops: the
// sqlite3 anchor (`import-anchor.sh --existing`) then imports into the very schema the app keeps,
// full-text index and triggers included.
//
// `--pages` times `TodoDatabase.page` on a database Tools/Scripts/bench-page.sh filled (one user's
// list, the tags +home and +rare): pages of 20 rows, best of 5, wall-clock and CPU time.
//
// With IMPORT_ONLY=1 in the environment it exits as soon as the import is reported, without the
// reload: for profiling the import alone (`perf record -g …`).

/// The CPU time this process has used so far, user and system, every thread.
func cpuTime() -> String {
  String(format: "%.2f s", cpuSeconds())
}

/// The CPU time this process has used so far in seconds, user and system, every thread.
func cpuSeconds() -> Double {
  var usage = rusage()
  #if os(Linux)
  getrusage(RUSAGE_SELF.rawValue, &usage)  // Glibc imports RUSAGE_SELF as an enum case
  #else
  getrusage(RUSAGE_SELF, &usage)
  #endif
  let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return seconds(usage.ru_utime) + seconds(usage.ru_stime)
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
if arguments.count == 2, arguments[0] == "--pages" {
  let database = try benchmarkDatabase(reopening: arguments[1])
  let home = TagFilter(required: [TodoTag("home")!])
  let listings: [(String, TodoListQuery)] = [
    ("list", TodoListQuery(pageSize: 20)),
    ("list --page 2", TodoListQuery(page: 2, pageSize: 20)),
    ("list open", TodoListQuery(filter: .open, pageSize: 20)),
    ("list done", TodoListQuery(filter: .done, pageSize: 20)),
    ("list due", TodoListQuery(filter: .due, pageSize: 20)),
    ("list +home", TodoListQuery(tags: home, pageSize: 20)),
    ("list +home --page 2", TodoListQuery(tags: home, page: 2, pageSize: 20)),
    (
      "list open -home",
      TodoListQuery(filter: .open, tags: TagFilter(excluded: [TodoTag("home")!]), pageSize: 20)
    ),
    ("list +rare", TodoListQuery(tags: TagFilter(required: [TodoTag("rare")!]), pageSize: 20)),
    ("list, last page", TodoListQuery(page: 50_000, pageSize: 20)),
  ]
  // The middle of the generated due times: half of them are overdue.
  let now = Date(timeIntervalSince1970: 1_798_761_600)
  let clock = ContinuousClock()
  for (name, query) in listings {
    var (best, bestCPU) = (Double.infinity, Double.infinity)
    var page: TodoPage?
    for _ in 0..<5 {
      let (start, startCPU) = (clock.now, cpuSeconds())
      page = try database.read { db in
        try TodoDatabase.page(for: query, owner: benchmarkOwner, now: now, in: db)
      }
      let (whole, fraction) = (clock.now - start).components
      best = min(best, Double(whole) + Double(fraction) / 1e18)
      bestCPU = min(bestCPU, cpuSeconds() - startCPU)
    }
    print(
      name.padding(toLength: 22, withPad: " ", startingAt: 0)
        + String(format: "%7.1f ms, CPU %7.1f ms", best * 1000, bestCPU * 1000)
        + " (\(page?.matching ?? 0) match; numbers \(page?.rows.map(\.number).prefix(3) ?? []), …)")
  }
  exit(0)
}
guard arguments.count == 2, !arguments[0].hasPrefix("--") else {
  FileHandle.standardError.write(
    Data(
      ("usage: ImportTiming FILE.csv DATABASE.sqlite | ImportTiming --generate ROWS"
        + " | ImportTiming --create DATABASE.sqlite | ImportTiming --export DATABASE.sqlite OUT.csv"
        + " | ImportTiming --pages DATABASE.sqlite\n").utf8))
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
    + " reload of the list's summary: \(seconds(end - reported)) (\(store.model.summary?.counts.total ?? 0) items)"
)
