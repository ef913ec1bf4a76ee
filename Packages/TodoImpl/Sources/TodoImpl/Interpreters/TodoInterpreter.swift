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
/// ``runImport(_:dispatch:)`` while the model holds them and paced by ``TodoImportOptions``; so is
/// the watch of the page the model shows (``TodoAPI/TodoPageSubscription``), run by
/// ``observePage(_:dispatch:)``.
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
  /// How often ``observePage(_:dispatch:)`` asks whether another program changed the database.
  let outsideChangeInterval: Duration

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
  ///     priority, tags, remove) is written at once, on the store's actor, while no import is storing batches
  ///     (``interpretNow(_:dispatch:)``): one short transaction of tens of microseconds, without a
  ///     thread switch there and back. Default `false`.
  ///   - outsideChangeInterval: How often a watched page (``observePage(_:dispatch:)``) asks whether
  ///     another program changed the database: how soon such a change is seen. Default one second.
  public init(
    database: any DatabaseWriter,
    now: @escaping @Sendable () -> Date = { Date() },
    makeID: (@Sendable () -> TodoID)? = nil,
    importOptions: TodoImportOptions = TodoImportOptions(),
    databaseThread: DatabaseThread? = nil,
    changesInline: Bool = false,
    outsideChangeInterval: Duration = .seconds(1)
  ) {
    self.changesInline = changesInline
    self.outsideChangeInterval = outsideChangeInterval
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
    // A change of one item: the same write as inline (`prepareChange(_:)`), here on the database
    // thread, or through GRDB's writer queue without one. `prepareChange(_:)` is the one place
    // that says which commands are such changes.
    if let change = prepareChange(command) {
      await perform(dispatch, owner: command.owner) {
        if databaseThread != nil { return try writeHere(change) }
        return try await database.writeWithoutTransaction(change)
      }
      return
    }
    switch command {
    case .load(let user):
      await perform(dispatch, owner: user) {
        // An empty access of the writer first, which runs one access at a time: a batch of an import
        // stopped just before this load is then stored or abandoned, so the list read is what the
        // database will hold (see `runImport`).
        try await database.writeWithoutTransaction { _ in }
        return .loaded(user, try await database.read { db in try TodoTable.summary(of: user, in: db) })
      }
    case .add, .rename, .toggle, .setDone, .setDueDate, .setPriority, .addTags, .removeTags, .remove:
      // Written above: `prepareChange(_:)` has a write for each of these.
      preconditionFailure("prepareChange(_:) has no write for \(command)")
    case .clearCompleted(let owner):
      await perform(dispatch, owner: owner) {
        .clearedCompleted(
          try await database.write { db in
            // One step for the whole clear, with the before-image of every done item; none if
            // nothing was done.
            let step = try TodoUndoHistory.begin(.clearDone, subject: "", owner: owner, in: db)
            try TodoUndoHistory.recordDone(step: step, owner: owner, in: db)
            let cleared = try TodoTable.deleteDone(of: owner, in: db)
            if cleared.isEmpty { try TodoUndoHistory.forget(step, of: owner, in: db) }
            return cleared
          }, owner: owner)
      }
    case .removeItems(let ids, let owner):
      do {
        // Three statements for the whole batch, not two for each item: a hundred thousand items
        // are one transaction of set operations.
        let batch = try TodoTable.jsonArray(ids)
        try await database.write { db in
          if let missing = try TodoTable.firstMissing(of: batch, owner: owner, in: db) {
            throw TodoFailure.notFound(missing)
          }
          let step = try TodoUndoHistory.begin(.remove, subject: "", owner: owner, in: db)
          try TodoUndoHistory.recordItems(batch, step: step, owner: owner, in: db)
          try TodoTable.delete(batch, owner: owner, in: db)
        }
        dispatch(TodoMessage.removed(ids, owner: owner))
      } catch {
        dispatch(TodoMessage.failed(Self.failure(error), owner: owner))
      }
    case .undo(let owner):
      await perform(dispatch, owner: owner) {
        // An import's step grows with each batch it stores: undone now, the batches still to come
        // would land after it. Checked for any running import, the interpreter's count.
        guard !imports.isRunning else { throw TodoFailure.undoDuringImport }
        guard let undone = try await database.write({ db in try TodoUndoHistory.undoLast(of: owner, in: db) })
        else { throw TodoFailure.nothingToUndo }
        return .undone(undone, owner: owner)
      }
    case .previewUndo(let owner):
      await perform(dispatch, owner: owner) {
        .undoPreviewed(
          try await database.read { db in try TodoUndoHistory.preview(of: owner, in: db) }, owner: owner)
      }
    case .readDue(let after, let through, let naming, let owner):
      await perform(dispatch, owner: owner) {
        .dueRead(
          try await database.read { db in
            try TodoTable.dueSpan(of: owner, after: after, through: through, naming: naming, in: db)
          }, owner: owner)
      }
    case .exportCSV(let path, let owner):
      await exportCSV(path: path, owner: owner, dispatch: dispatch)
    case .checkImport(let path, let owner):
      await perform(dispatch, owner: owner) {
        .importChecked(path: path, importedBefore: try await wasImported(path, by: owner), owner: owner)
      }
    case .search(let search, let owner):
      await perform(dispatch, owner: owner) {
        .found(
          try await database.read { db in try TodoSearchIndex.search(search, owner: owner, in: db) },
          owner: owner)
      }
    case .lookUp(let numbers, let owner):
      await perform(dispatch, owner: owner) {
        // One read: every number sees the same list.
        .lookedUp(
          try await database.read { db in try TodoNumbering.lookUp(numbers, owner: owner, in: db) },
          owner: owner)
      }
    case .readPage(let query, let time, let owner):
      await perform(dispatch, owner: owner) {
        // A listing: its numbers are the list's positions from now on (`TodoNumbering`), which
        // takes a write only if items were deleted since the last one. Where it cannot be stored
        // (a full disk, a read-only file, another program holding the file), the page is still
        // read, its numbers those of the last listing that could be.
        do {
          if try await database.read({ db in try TodoNumbering.hasMarks(owner, in: db) }) {
            try await database.write { db in try TodoNumbering.renumber(owner, in: db) }
          }
        } catch let error as DatabaseError
          where [.SQLITE_FULL, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_BUSY, .SQLITE_LOCKED]
          .contains(error.resultCode)
        {}
        // One read: the rows and the counts see the same list.
        return .pageRead(
          try await database.read { db in try TodoTable.page(for: query, owner: owner, now: time, in: db) },
          at: time, owner: owner)
      }
    case .peekPage(let query, let time, let owner):
      await perform(dispatch, owner: owner) {
        .pagePeeked(
          try await database.read { db in try TodoTable.page(for: query, owner: owner, now: time, in: db) },
          at: time, owner: owner)
      }
    }
  }

  // MARK: - Changes of one item

  /// The one write of a change of one item (add, rename, toggle, set done, due date, priority,
  /// tags, remove), as a function of the connection: ``interpret(_:dispatch:)`` runs it in a task,
  /// ``interpretNow(_:dispatch:)`` on the store's actor; where it runs is the caller's choice, what
  /// it writes is said once, here.
  ///
  /// Each runs in one transaction with the step of the user's history that records it
  /// (``TodoUndoHistory``): the item's row before the change, so that `undo` can put it back; inside
  /// a caller's transaction, in a savepoint of it. The statements are by primary key. The time of the
  /// change and a new item's identity are taken before the write.
  ///
  /// - Parameter command: Any command.
  /// - Returns: The write, which returns the message the command answers with (and throws
  ///   ``TodoAPI/TodoFailure/notFound(_:)`` if `owner` has no such item,
  ///   ``TodoAPI/TodoFailure/tooManyTags(count:limit:)`` if it would have too many tags); `nil` for
  ///   the commands that read or write many rows (load, clear completed, export, search).
  func prepareChange(_ command: TodoCommand) -> (@Sendable (Database) throws -> TodoMessage)? {
    let updated = now().milliseconds
    /// `write` in a transaction that first records `owner`'s item `id` as it is, as a step of the
    /// kind `ifDone` or `ifOpen` as the item is done or not, titled with the item's title.
    func recorded(
      _ id: TodoID, _ owner: UserID, ifDone: TodoUndo.Change, ifOpen: TodoUndo.Change,
      _ write: @escaping @Sendable (Database) throws -> TodoMessage
    ) -> @Sendable (Database) throws -> TodoMessage {
      { db in
        try Self.inTransaction(db) {
          try TodoUndoHistory.beginChange(ifDone: ifDone, ifOpen: ifOpen, of: id, owner: owner, in: db)
          return try write(db)
        }
      }
    }
    func updating(
      _ id: TodoID, _ owner: UserID, _ change: TodoTable.Change
    ) -> @Sendable (Database) throws -> TodoItem {
      let updated = now().milliseconds
      return { db in
        guard let item = try TodoTable.update(change, updated: updated, id: id, owner: owner, in: db) else {
          throw TodoFailure.notFound(id)
        }
        return item
      }
    }
    switch command {
    case .add(let title, let dueDate, let tags, let owner):
      let id = makeID()
      let created = now()
      return { db in
        let tags = try TodoTag.normalized(tags).get()
        let item = TodoItem(id: id, title: title, dueDate: dueDate, tags: tags, createdAt: created)
        return try Self.inTransaction(db) {
          try TodoUndoHistory.beginAdding(item.id, subject: title.text, owner: owner, in: db)
          let stored = try TodoTable.insert(item, owner: owner, in: db)
          let number = try TodoNumbering.added(stored, owner: owner, in: db)
          return .added(stored, number: number, owner: owner)
        }
      }
    case .rename(let id, let title, let owner):
      let write = updating(id, owner, .title(title.text))
      return recorded(id, owner, ifDone: .rename, ifOpen: .rename) { db in
        .renamed(try write(db), owner: owner)
      }
    case .toggle(let id, let owner):
      let write = updating(id, owner, .toggle)
      return recorded(id, owner, ifDone: .reopen, ifOpen: .done) { db in .toggled(try write(db), owner: owner)
      }
    case .setDone(let id, let isDone, let owner):
      let write = updating(id, owner, .done(isDone))
      return recorded(id, owner, ifDone: isDone ? .done : .reopen, ifOpen: isDone ? .done : .reopen) { db in
        .toggled(try write(db), owner: owner)
      }
    case .setDueDate(let id, let dueDate, let owner):
      let write = updating(id, owner, .due(dueDate?.milliseconds))
      return recorded(id, owner, ifDone: .due, ifOpen: .due) { db in
        .dueDateChanged(try write(db), owner: owner)
      }
    case .setPriority(let id, let priority, let owner):
      let write = updating(id, owner, .priority(priority))
      return recorded(id, owner, ifDone: .priority, ifOpen: .priority) { db in
        .priorityChanged(try write(db), owner: owner)
      }
    case .addTags(let id, let tags, let owner), .removeTags(let id, let tags, let owner):
      let adding: Bool
      if case .addTags = command { adding = true } else { adding = false }
      let kind: TodoUndo.Change = adding ? .tag : .untag
      return recorded(id, owner, ifDone: kind, ifOpen: kind) { db in
        guard let old = try TodoTable.tags(of: id, owner: owner, in: db) else {
          throw TodoFailure.notFound(id)
        }
        let new = try TodoTag.normalized(adding ? old + tags : old.filter { !tags.contains($0) }).get()
        guard let stored = try TodoTable.update(.tags(new), updated: updated, id: id, owner: owner, in: db)
        else {
          throw TodoFailure.notFound(id)
        }
        return .tagsChanged(stored, owner: owner)
      }
    case .remove(let id, let owner):
      return recorded(id, owner, ifDone: .remove, ifOpen: .remove) { db in
        guard try TodoTable.delete(id, owner: owner, in: db) else { throw TodoFailure.notFound(id) }
        return .removed([id], owner: owner)
      }
    case .load, .removeItems, .clearCompleted, .exportCSV, .search, .readPage, .peekPage, .lookUp, .undo,
      .previewUndo, .readDue, .checkImport:
      return nil
    }
  }

  /// The result of `body`, run in a transaction of `db` that commits if it returns and rolls back
  /// if it throws.
  ///
  /// `BEGIN` and `COMMIT` are cached statements: GRDB's `inTransaction` prepares both again for
  /// every transaction, which for a change of one item cost dozens of allocations (SQLite's parser)
  /// and a few microseconds. GRDB follows a transaction begun by a statement as any other.
  static func inTransaction<T>(_ db: Database, _ body: () throws -> T) throws -> T {
    if db.isInsideTransaction {
      // A part of the caller's transaction (a test's, or a batch's): a savepoint of it.
      var result: T?
      try db.inSavepoint {
        result = try body()
        return .commit
      }
      // Safe: `inSavepoint` returned without throwing, so `body` ran and returned.
      return result!
    }
    try db.cachedStatement(sql: "BEGIN").execute()
    do {
      let result = try body()
      try db.cachedStatement(sql: "COMMIT").execute()
      return result
    } catch {
      // A failed COMMIT may leave the transaction open; a failed statement of `body` leaves it open.
      if db.isInsideTransaction { try db.cachedStatement(sql: "ROLLBACK").execute() }
      throw error
    }
  }

  /// Runs `write` on the calling thread (the database thread, or the store's actor inline), waiting
  /// for the writer if it is busy.
  func writeHere<T>(_ write: (Database) throws -> T) throws -> T {
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
    if let error = error as? DatabaseError, error.resultCode == .SQLITE_FULL { return .diskFull }
    if let error = error as? DatabaseError, error.resultCode == .SQLITE_READONLY { return .readOnly }
    return (error as? TodoFailure) ?? .storage(describe(error))
  }

  /// A short description of a database error for ``TodoAPI/TodoFailure/storage(_:)``.
  static func describe(_ error: any Error) -> String {
    if let error = error as? DatabaseError {
      return error.message.map { "\(error.resultCode): \($0)" } ?? "\(error.resultCode)"
    }
    return String(describing: error)
  }
}
