public import AuthenticationAPI
public import Core
import Foundation
public import GRDB
public import TodoAPI
import TodoImpl

// The to-do workloads of B5 (issue 6 and issue 20), shared by the TodoBenchmarks harness and the
// ImportTiming driver of `make bench-import`.

/// The user who owns every item of the to-do benchmarks.
public let benchmarkOwner = UserID(rawValue: 1)

/// What the app's updater turns `done N`, `import FILE` and signing in into, for the benchmarks.
///
/// `Codable`, so a traced session of these requests can be replayed (issue 20's `TraceTiming`).
public enum Request: Message, Codable {
  /// Load the owner's list.
  case load
  /// Toggle the item with this identity (the model holds no list to find it by position: the
  /// drivers read the identities once, ``benchmarkItemIDs(in:)``).
  case toggle(id: TodoID)
  /// Import this CSV file.
  case importCSV(path: String)
  /// Search the titles for these words, a page of 20 matches, as `find` at a terminal asks.
  case search(String)
  /// Export the list to this CSV file, as `export FILE` at a terminal asks.
  case exportCSV(path: String)
}

/// TodoImpl's updater on the slice, plus the requests that become `TodoCommand`s.
///
/// - Returns: The updater.
public func benchmarkUpdater() -> CombinedUpdater<TodoModel> {
  CombinedUpdater<TodoModel>(
    .full(TodoUpdater()),
    .full(
      FunctionUpdater(handling: Request.self) { model, request in
        switch request {
        case .load: return [TodoCommand.load(benchmarkOwner)]
        case .toggle(let id): return [TodoCommand.toggle(id, owner: benchmarkOwner)]
        case .importCSV(let path):
          // The slice now says the import runs; the store starts it (`TodoSubscriptions`).
          model.startImport(path: path)
          return []
        case .search(let text):
          return [TodoCommand.search(TodoSearch(text: text, limit: 20), owner: benchmarkOwner)]
        case .exportCSV(let path): return [TodoCommand.exportCSV(path: path, owner: benchmarkOwner)]
        }
      })
  )
}

/// The B5 file: a header and `count` rows with empty ids (the importer makes them), in TodoAPI's
/// format, in the temporary folder; written once and reused.
///
/// - Parameter count: The rows.
/// - Returns: The file's path.
/// - Throws: The file system's error.
public func generatedCSV(count: Int) throws -> String {
  let file = FileManager.default.temporaryDirectory.appendingPathComponent("b5-\(count).csv")
  if FileManager.default.fileExists(atPath: file.path) { return file.path }
  var text = TodoCSV.headerWithoutPriority + "\n"
  text.reserveCapacity(count * 64)
  for index in 0..<count {
    text += ",Generated task \(index),\(index % 4 == 0),,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z\n"
  }
  try text.write(to: file, atomically: true, encoding: .utf8)
  return file.path
}

/// The word of rank `rank` (0 is the most frequent) in the titles of ``searchCSV(count:)``: three
/// syllables naming the rank's three decimal digits (`bababa` for 0, `zuzuzu` for 999), so no word is
/// the start of another.
///
/// - Parameter rank: From 0 to 999.
/// - Returns: The word.
public func searchWord(rank: Int) -> String {
  let syllables = ["ba", "ke", "mi", "no", "ru", "sa", "te", "vi", "lo", "zu"]
  return syllables[rank / 100 % 10] + syllables[rank / 10 % 10] + syllables[rank % 10]
}

/// The search benchmark's file: a header and `count` rows whose titles hold 2 to 6 words of a
/// vocabulary of 1,000 (``searchWord(rank:)``), drawn log-uniformly by rank, so that word frequencies
/// fall as in prose (about 1/rank): the most frequent word is in about a third of the titles, the
/// word of rank 100 in about 0.6 %, the rarest (rank 998) in about 0.06 %. The same rows every time (a fixed
/// pseudo-random sequence); written once to the temporary folder and reused.
///
/// - Parameter count: The rows.
/// - Returns: The file's path.
/// - Throws: The file system's error.
public func searchCSV(count: Int) throws -> String {
  let file = FileManager.default.temporaryDirectory.appendingPathComponent("b9-search-\(count).csv")
  if FileManager.default.fileExists(atPath: file.path) { return file.path }
  var text = TodoCSV.headerWithoutPriority + "\n"
  text.reserveCapacity(count * 48)
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  func next() -> Double {
    // SplitMix64: a fixed, well-spread sequence without Foundation's random source.
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
  }
  for _ in 0..<count {
    let words = 2 + Int(next() * 5)
    let title = (0..<words).map { _ in searchWord(rank: Int(pow(1000, next())) - 1) }
    text += ",\(title.joined(separator: " ")),false,,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z\n"
  }
  try text.write(to: file, atomically: true, encoding: .utf8)
  return file.path
}

/// A new database file with the to-do tables, opened as the app opens its own
/// (`AppComposition.openDatabase`: WAL, `synchronous = NORMAL`, a busy timeout).
///
/// - Parameter path: The file; replaced if it exists.
/// - Returns: The database.
/// - Throws: The database's error.
public func benchmarkDatabase(path: String) throws -> DatabasePool {
  for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  return try benchmarkDatabase(reopening: path)
}

/// The database file at `path`, opened as ``benchmarkDatabase(path:)`` opens a new one, keeping its
/// rows.
///
/// - Parameter path: The file; created with the to-do tables if it does not exist.
/// - Returns: The database.
/// - Throws: The database's error.
public func benchmarkDatabase(reopening path: String) throws -> DatabasePool {
  var configuration = Configuration()
  configuration.busyMode = .timeout(5)
  configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
  let database = try DatabasePool(path: path, configuration: configuration)
  try TodoDatabase.migrate(database)
  return database
}

/// The identities of ``benchmarkOwner``'s items, in display order: what a toggle of "item k" names.
///
/// - Parameter database: The database.
/// - Returns: The identities.
/// - Throws: The database's error.
public func benchmarkItemIDs(in database: some DatabaseReader) throws -> [TodoID] {
  try database.read { db in
    try String.fetchAll(
      db, sql: "SELECT id FROM todo_item WHERE owner = ? ORDER BY created, id",
      arguments: [benchmarkOwner.rawValue]
    ).map(TodoID.init(rawValue:))
  }
}

/// A store on `database` with the to-do interpreter and import runner, signed in as
/// ``benchmarkOwner``.
///
/// - Parameter database: The database.
/// - Returns: The store.
@MainActor
public func benchmarkStore(on database: DatabasePool) -> Store<TodoModel> {
  let store = Store(
    model: TodoModel(owner: benchmarkOwner), updater: benchmarkUpdater(), subscriptions: TodoSubscriptions())
  // As the app's to-do feature makes it (`.todo(_:)`).
  let interpreter = TodoInterpreter(database: database, databaseThread: DatabaseThread(), changesInline: true)
  store.register(interpreter)
  store.register(subscriptions: TodoImportSubscription.self, run: interpreter.runImport)
  return store
}

/// Suspends until `store`'s import has ended and the work it set off (the list's reload) is done.
///
/// An import is a subscription, which `settle()` does not wait for: this waits for the slice to
/// stop holding it first.
///
/// - Parameter store: The store.
@MainActor
public func importFinished(in store: Store<TodoModel>) async {
  if store.model.runningImport != nil {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let slot = ListenerSlot()
      slot.id = store.addListener(observing: { $0.runningImport == nil }) { ended in
        guard ended, let id = slot.id else { return }
        slot.id = nil
        store.removeListener(id)
        continuation.resume()
      }
    }
  }
  await store.settle()
}

/// Holds a listener's identifier for the listener itself, which removes itself once done.
@MainActor
private final class ListenerSlot {
  var id: ListenerID?
}
