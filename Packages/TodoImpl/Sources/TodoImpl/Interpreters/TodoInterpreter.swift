import AuthenticationAPI
public import Core
public import Foundation
public import GRDB
public import TodoAPI

/// Performs ``TodoAPI/TodoCommand``s on the to-do table of a SQLite database.
///
/// Every change runs in one transaction, and its message carries the rows as read back from the
/// database inside that transaction, so the model shows what was stored (dates, for instance, at
/// the table's millisecond precision). Expected failures become ``TodoAPI/TodoMessage/failed(_:owner:)``
/// messages: an item that `owner` does not have (another user's item is not found), a
/// missing file, a database error. The interpreter never throws.
///
/// ```swift
/// let database = try DatabasePool(path: "/path/to/app.sqlite")  // or DatabaseQueue() in tests
/// try TodoDatabase.migrate(database)
/// store.register(TodoInterpreter(database: database))
/// ```
///
/// Every message names the user of the command it answers (see ``TodoAPI/TodoMessage``).
///
/// Imports are not commands but subscriptions (``TodoAPI/TodoImportSubscription``), run by
/// ``runImport(_:dispatch:)`` while the model holds them and paced by ``TodoImportOptions``.
public struct TodoInterpreter: CommandInterpreter {
  let database: any DatabaseWriter
  let now: @Sendable () -> Date
  let makeID: @Sendable () -> TodoID
  let importOptions: TodoImportOptions
  /// Where its commands run; with one, changes are written synchronously on its thread.
  let databaseThread: DatabaseThread?
  /// Whether a change of one item is written at once, on the store's actor (``interpretNow(_:dispatch:)``).
  let changesInline: Bool
  /// How many imports are storing batches: while one is, changes are not written inline.
  let imports = ImportActivity()

  /// The database thread, if any: each command starts on it (see ``DatabaseThread``).
  public var executor: (any TaskExecutor)? { databaseThread }

  /// Creates an interpreter on a migrated database.
  ///
  /// - Parameters:
  ///   - database: A database on which ``TodoDatabase/migrate(_:)`` (or the app's migrator with
  ///     ``TodoDatabase/registerMigrations(in:)``) has run; a `DatabasePool` on a file in the app, a
  ///     `DatabaseQueue()` in memory in tests.
  ///   - now: The clock: creation and change times, and the pace of import progress.
  ///   - makeID: Makes the identity of each new item (added, or imported without one); by default
  ///     a time-ordered UUID (version 7) in lowercase, so that imported rows append to the table.
  ///   - importOptions: Batch size and progress rate of CSV imports.
  ///   - databaseThread: A thread for its commands, which then write synchronously there instead
  ///     of hopping to GRDB's writer queue and back; `nil`: they run on the cooperative pool and
  ///     write with GRDB's asynchronous API.
  ///   - changesInline: Whether a change of one item (add, rename, toggle, set done, due date,
  ///     priority, remove) is written at once, on the store's actor, while no import is storing batches
  ///     (``interpretNow(_:dispatch:)``): one SQLite statement of tens of microseconds, without a
  ///     thread switch there and back. Default `false`.
  public init(
    database: any DatabaseWriter,
    now: @escaping @Sendable () -> Date = { Date() },
    makeID: (@Sendable () -> TodoID)? = nil,
    importOptions: TodoImportOptions = TodoImportOptions(),
    databaseThread: DatabaseThread? = nil,
    changesInline: Bool = false
  ) {
    self.changesInline = changesInline
    self.database = database
    self.now = now
    self.makeID = makeID ?? RandomTodoIDs(clock: now).next
    self.importOptions = importOptions
    self.databaseThread = databaseThread
  }

  /// Performs `command` and sends its result.
  ///
  /// - Parameters:
  ///   - command: The command.
  ///   - dispatch: Receives the result messages (see each ``TodoAPI/TodoCommand`` case).
  public func interpret(_ command: TodoCommand, dispatch: Dispatch) async {
    switch command {
    case .load(let user):
      await perform(dispatch, owner: user) {
        // An empty access of the writer first, which runs one access at a time: a batch of an import
        // stopped just before this load is then stored or abandoned, so the list read is what the
        // database will hold (see `runImport`).
        try await database.writeWithoutTransaction { _ in }
        return .loaded(user, try await database.read { db in try TodoTable.items(of: user, in: db) })
      }
    case .add(let title, let dueDate, let owner):
      await perform(dispatch, owner: owner) {
        .added(try await add(title: title, dueDate: dueDate, owner: owner), owner: owner)
      }
    case .rename(let id, let title, let owner):
      await perform(dispatch, owner: owner) {
        .renamed(try await update(id, owner: owner, .title(title.text)), owner: owner)
      }
    case .toggle(let id, let owner):
      await perform(dispatch, owner: owner) {
        .toggled(try await update(id, owner: owner, .toggle), owner: owner)
      }
    case .setDone(let id, let isDone, let owner):
      await perform(dispatch, owner: owner) {
        .toggled(try await update(id, owner: owner, .done(isDone)), owner: owner)
      }
    case .setDueDate(let id, let dueDate, let owner):
      await perform(dispatch, owner: owner) {
        .dueDateChanged(try await update(id, owner: owner, .due(dueDate?.milliseconds)), owner: owner)
      }
    case .setPriority(let id, let priority, let owner):
      await perform(dispatch, owner: owner) {
        .priorityChanged(try await update(id, owner: owner, .priority(priority)), owner: owner)
      }
    case .remove(let id, let owner):
      await perform(dispatch, owner: owner) {
        let existed = try await database.write { db in try TodoTable.delete(id, owner: owner, in: db) }
        guard existed else { throw TodoFailure.notFound(id) }
        return .removed(id, owner: owner)
      }
    case .clearCompleted(let owner):
      await perform(dispatch, owner: owner) {
        .clearedCompleted(
          try await database.write { db in try TodoTable.deleteDone(of: owner, in: db) }, owner: owner)
      }
    case .exportCSV(let path, let owner):
      await exportCSV(path: path, owner: owner, dispatch: dispatch)
    case .search(let search, let owner):
      await perform(dispatch, owner: owner) {
        .found(
          try await database.read { db in try TodoSearchIndex.search(search, owner: owner, in: db) },
          owner: owner)
      }
    }
  }

  // MARK: - Single changes

  private func add(title: TodoTitle, dueDate: Date?, owner: UserID) async throws -> TodoItem {
    let item = newItem(title: title, dueDate: dueDate)
    return try await database.write { db in try TodoTable.insert(item, owner: owner, in: db) }
  }

  /// ``add(title:dueDate:owner:)`` on the calling thread, waiting for the writer if it is busy.
  func addHere(title: TodoTitle, dueDate: Date?, owner: UserID) throws -> TodoItem {
    let item = newItem(title: title, dueDate: dueDate)
    return try database.write { db in try TodoTable.insert(item, owner: owner, in: db) }
  }

  /// A new item, with a new identity, created now.
  private func newItem(title: TodoTitle, dueDate: Date?) -> TodoItem {
    TodoItem(id: makeID(), title: title.text, dueDate: dueDate, createdAt: now())
  }

  /// Removes one item on the calling thread, waiting for the writer if it is busy.
  ///
  /// - Throws: ``TodoAPI/TodoFailure/notFound(_:)`` if `owner` has no such item.
  func removeHere(_ id: TodoID, owner: UserID) throws {
    guard try database.write({ db in try TodoTable.delete(id, owner: owner, in: db) }) else {
      throw TodoFailure.notFound(id)
    }
  }

  /// Applies `change` (and a new change time) to one item and returns it as stored.
  ///
  /// One statement, atomic by itself, in no transaction of its own: a `BEGIN` and a `COMMIT`
  /// around it would be two more statements for SQLite to run.
  private func update(_ id: TodoID, owner: UserID, _ change: TodoTable.Change) async throws -> TodoItem {
    if databaseThread != nil { return try updateHere(id, owner: owner, change) }
    let updated = now().milliseconds
    let item = try await database.writeWithoutTransaction { db in
      try TodoTable.update(change, updated: updated, id: id, owner: owner, in: db)
    }
    guard let item else { throw TodoFailure.notFound(id) }
    return item
  }

  /// ``update(_:owner:_:)`` on the calling thread, waiting for the writer if it is busy.
  func updateHere(_ id: TodoID, owner: UserID, _ change: TodoTable.Change) throws -> TodoItem {
    let updated = now().milliseconds
    let item = try writeHere { db in
      try TodoTable.update(change, updated: updated, id: id, owner: owner, in: db)
    }
    guard let item else { throw TodoFailure.notFound(id) }
    return item
  }

  /// Runs `write` on the calling thread (the database thread), waiting for the writer if it is busy.
  private func writeHere<T>(_ write: (Database) throws -> T) throws -> T {
    try database.writeWithoutTransaction(write)
  }

  /// Sends the message `work` returns, or the failure it throws as `owner`'s.
  func perform(_ dispatch: Dispatch, owner: UserID, _ work: () async throws -> TodoMessage) async {
    do {
      dispatch(try await work())
    } catch {
      dispatch(TodoMessage.failed(Self.failure(error), owner: owner))
    }
  }

  /// ``perform(_:owner:_:)`` for synchronous work.
  func performNow(_ dispatch: Dispatch, owner: UserID, _ work: () throws -> TodoMessage) {
    do {
      dispatch(try work())
    } catch {
      dispatch(TodoMessage.failed(Self.failure(error), owner: owner))
    }
  }

  /// What the model is told when a command fails with `error`.
  static func failure(_ error: any Error) -> TodoFailure {
    (error as? TodoFailure) ?? .storage(describe(error))
  }

  /// A short description of a database error for ``TodoAPI/TodoFailure/storage(_:)``.
  static func describe(_ error: any Error) -> String {
    if let error = error as? DatabaseError {
      return error.message.map { "\(error.resultCode): \($0)" } ?? "\(error.resultCode)"
    }
    return String(describing: error)
  }
}
