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
  /// Toggle the item at this position of the list.
  case toggle(index: Int)
  /// Import this CSV file.
  case importCSV(path: String)
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
        case .toggle(let index): return [TodoCommand.toggle(model.items[index].id, owner: benchmarkOwner)]
        case .importCSV(let path):
          // The slice now says the import runs; the store starts it (`TodoSubscriptions`).
          model.startImport(path: path)
          return []
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
  var text = TodoCSV.header + "\n"
  text.reserveCapacity(count * 64)
  for index in 0..<count {
    text += ",Generated task \(index),\(index % 4 == 0),,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z\n"
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
