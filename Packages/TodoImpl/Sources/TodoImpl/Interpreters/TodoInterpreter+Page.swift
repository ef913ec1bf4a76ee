import AuthenticationAPI
public import Core
import GRDB
import Synchronization
public import TodoAPI

extension TodoInterpreter {
  /// Keeps the page of `subscription` current until cancelled, sending
  /// ``TodoAPI/TodoMessage/pageChanged(_:outside:owner:)``:
  /// - at once, the page as it reads when the watch starts;
  /// - with `outside: false` whenever a transaction this app commits makes the page read
  ///   differently: the watch is told of every commit of the database's writer (a GRDB
  ///   `TransactionObserver`) and reads the page again in a reader;
  /// - with `outside: true` whenever a commit of another program (a second session, the `sqlite3`
  ///   shell) to the database file makes it read differently: the writer's connection asks SQLite
  ///   every `outsideChangeInterval` (an argument of the initializer) whether another connection
  ///   changed the file (`PRAGMA data_version`, which no commit of the connection itself changes).
  ///
  /// A `ValueObservation` would not do: `todo_item` is a `WITHOUT ROWID` table, whose changes SQLite
  /// does not report row by row, so GRDB cannot tell that they touch the page.
  ///
  /// A read that fails sends ``TodoAPI/TodoMessage/failed(_:owner:)``, once until a read succeeds
  /// again.
  ///
  /// - Parameters:
  ///   - subscription: The page and its owner.
  ///   - dispatch: Receives the messages.
  public func observePage(_ subscription: TodoPageSubscription, dispatch: Dispatch) async {
    let (query, owner, now) = (subscription.query, subscription.owner, now)
    await watch(owner: owner, dispatch: dispatch) { db in
      try TodoTable.page(for: query, owner: owner, now: now(), in: db)
    } message: { page, outside in
      .pageChanged(page, outside: outside, owner: owner)
    }
  }

  /// Keeps the summary of `subscription`'s owner current until cancelled, sending
  /// ``TodoAPI/TodoMessage/summaryRead(_:owner:)``: at once, the summary as it reads when the watch
  /// starts, then whenever a commit of this app or another program's makes it read differently.
  /// The commits are told as to ``observePage(_:dispatch:)``; a failed read likewise.
  ///
  /// - Parameters:
  ///   - subscription: Whose list.
  ///   - dispatch: Receives the messages.
  public func observeSummary(_ subscription: TodoSummarySubscription, dispatch: Dispatch) async {
    let owner = subscription.owner
    await watch(owner: owner, dispatch: dispatch) { db in
      try TodoTable.summary(of: owner, in: db)
    } message: { summary, _ in
      .summaryRead(summary, owner: owner)
    }
  }

  /// Keeps the window of `subscription` (the open items of its owner due soonest after its time)
  /// current until cancelled, sending ``TodoAPI/TodoMessage/dueSoon(_:owner:)``: at once, the
  /// window as it reads when the watch starts, then whenever a commit of this app or another
  /// program's makes it read differently. The commits are told as to
  /// ``observePage(_:dispatch:)``; a failed read likewise.
  ///
  /// - Parameters:
  ///   - subscription: Whose items, due after when, and how many.
  ///   - dispatch: Receives the messages.
  public func observeDue(_ subscription: TodoDueSubscription, dispatch: Dispatch) async {
    let (owner, after, limit) = (subscription.owner, subscription.after, subscription.limit)
    await watch(owner: owner, dispatch: dispatch) { db in
      try TodoTable.dueWindow(of: owner, after: after, limit: limit, in: db)
    } message: { window, _ in
      .dueSoon(window, owner: owner)
    }
  }

  /// Reads `read` at once and after every commit, of this app or of another program, until
  /// cancelled, and sends what `message` makes of the value when it reads differently from the
  /// last sent, saying whether a commit of another program came since the last read.
  private func watch<Value: Equatable & Sendable>(
    owner: UserID, dispatch: Dispatch,
    read: @escaping @Sendable (Database) throws -> Value,
    message: (Value, _ outside: Bool) -> TodoMessage
  ) async {
    // Nothing once cancelled: the store reports what a stopped subscription sends.
    func send(_ message: TodoMessage) {
      if !Task.isCancelled { dispatch(message) }
    }
    let triggers = CommitTriggers()
    let version: Int
    do {
      // The observer is held weakly by the connection: it is forgotten when the watch ends and
      // releases it. The file's version is read in the same access, before the first read: another
      // program's commit after it is told as such; one before it is in the first read.
      version = try await database.writeWithoutTransaction { db in
        db.add(transactionObserver: triggers, extent: .observerLifetime)
        return try Self.dataVersion(db)
      }
    } catch {
      return send(.failed(Self.failure(error), owner: owner))
    }
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await watchOutside(triggers, from: version) }
      var shown: Value?
      var failing = false
      triggers.committed()  // the first read
      // Ends when the watch is cancelled.
      for await _ in triggers.wakeUps {
        let outside = triggers.takeOutside()
        do {
          let value = try await database.read(read)
          if value != shown { send(message(value, outside)) }
          shown = value
          failing = false
        } catch {
          if !failing { send(.failed(Self.failure(error), owner: owner)) }
          failing = true
        }
      }
      group.cancelAll()
    }
  }

  /// Tells `triggers` each time another program has committed to the database file since the
  /// file's `version`, until cancelled; a failed check is tried again at the next turn.
  private func watchOutside(_ triggers: CommitTriggers, from version: Int) async {
    var version = version
    while !Task.isCancelled {
      try? await Task.sleep(for: outsideChangeInterval)
      guard let current = try? await database.writeWithoutTransaction(Self.dataVersion) else { continue }
      if current != version { triggers.changedOutside() }
      version = current
    }
  }

  /// The file's version as the writer's connection sees it: it changes when another connection
  /// commits, never for the connection's own commits.
  private static func dataVersion(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
  }
}

/// What happened since a watch last read its value: a commit of this app, a commit of another
/// program, or both; the watch reads once for any number of them.
private final class CommitTriggers: TransactionObserver, Sendable {
  /// Whether another program has committed since the last ``takeOutside()``.
  private let outside = Mutex(false)
  private let continuation: AsyncStream<Void>.Continuation
  /// One element whenever something was committed since the watch last took one.
  let wakeUps: AsyncStream<Void>

  init() {
    (wakeUps, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  deinit { continuation.finish() }

  /// This app committed a transaction.
  func committed() { continuation.yield() }

  /// Another program committed a transaction.
  func changedOutside() {
    outside.withLock { $0 = true }
    continuation.yield()
  }

  /// Whether another program committed since the last call.
  func takeOutside() -> Bool {
    outside.withLock { outside in
      defer { outside = false }
      return outside
    }
  }

  // Told of every commit of the connection; of no single change (see `observePage`).
  func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
  func databaseDidChange(with event: DatabaseEvent) {}
  func databaseDidCommit(_ db: Database) { committed() }
  func databaseDidRollback(_ db: Database) {}
}
