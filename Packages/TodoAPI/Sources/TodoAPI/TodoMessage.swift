public import AuthenticationAPI
public import Core
public import Foundation

/// What happened to the to-do list: the results of ``TodoCommand``s, as stored.
///
/// The model changes from these messages only, so what the user sees is what was stored. Every
/// result names the user whose command produced it (`owner`, or the user of ``loaded(_:_:)``): a
/// result that arrives after that user signed out, perhaps after another user signed in, belongs to
/// nobody on screen and must change nothing.
public enum TodoMessage: Message, Hashable, Codable {
  /// The list of `user` was opened (``TodoCommand/load(_:)``): its summary as read then.
  case loaded(UserID, TodoSummary)
  /// An item of `owner` was stored, and took `number`: the number `done N` takes for it (the next
  /// free one after the owner's last listing). `nil` in a trace recorded before numbers came with it.
  case added(TodoItem, number: Int?, owner: UserID)
  /// An item's title changed.
  case renamed(TodoItem, owner: UserID)
  /// An item was marked done or not done.
  case toggled(TodoItem, owner: UserID)
  /// An item's due date was set or removed.
  case dueDateChanged(TodoItem, owner: UserID)
  /// An item's priority was set.
  case priorityChanged(TodoItem, owner: UserID)
  /// An item's tags changed.
  case tagsChanged(TodoItem, owner: UserID)
  /// Items were deleted, in one change: one item (`rm 3`) or several (`rm 2 5-9`), in the order
  /// named, so that the slice removes them in one pass however many they are.
  case removed([TodoID], owner: UserID)
  /// The done items were deleted.
  case clearedCompleted([TodoID], owner: UserID)
  /// A running import advanced; sent at a bounded rate, fractions never decrease.
  case importProgress(TodoImportProgress, owner: UserID)
  /// An import read its file to the end; the list's summary is then read again.
  case importFinished(TodoImportReport, owner: UserID)
  /// Import `run` ended on `failure`: its file could not be opened or read, or a batch could not be
  /// stored (the batches stored before stay, and the list's summary is then read again).
  case importFailed(TodoFailure, run: Int, owner: UserID)
  /// An export to `path` has written this fraction of the items; sent at the pace of import
  /// progress (``TodoImportOptions``), so an export that takes less than its interval sends none.
  case exportProgress(path: String, fraction: Double, owner: UserID)
  /// An export wrote `count` items to `path`.
  case exportFinished(path: String, count: Int, owner: UserID)
  /// A command of `owner` failed.
  case failed(TodoFailure, owner: UserID)
  /// A search of `owner`'s titles found these matches (one page of them).
  case found(TodoSearchResult, owner: UserID)
  /// The page of `owner`'s list that a ``TodoCommand/readPage(_:at:owner:)`` asked for, read for
  /// the time `at`.
  case pageRead(TodoPage, at: Date, owner: UserID)
  /// The page of `owner`'s list that a ``TodoCommand/peekPage(_:at:owner:)`` asked for: read for a
  /// decision, not shown; its numbers are those of the last listing.
  case pagePeeked(TodoPage, at: Date, owner: UserID)
  /// The page the model shows (``TodoPageSubscription``) reads differently since a change was
  /// committed: `page` is how it reads now. `outside` says a change came from another program on
  /// the same database file (a second session, the `sqlite3` shell) rather than from a command of
  /// this app.
  case pageChanged(TodoPage, outside: Bool, owner: UserID)
  /// The summary of `owner`'s list (``TodoSummarySubscription``), read when the subscription
  /// started or after a commit changed it.
  case summaryRead(TodoSummary, owner: UserID)
  /// The open items of `owner`'s list due soonest after a time (``TodoDueSubscription``), read when
  /// the subscription started or after a commit changed them.
  case dueSoon(TodoDueWindow, owner: UserID)
  /// The open items of `owner`'s list due in a span of time, that a
  /// ``TodoCommand/readDue(after:through:naming:owner:)`` asked for.
  case dueRead(TodoDueSpan, owner: UserID)
  /// What the numbers a ``TodoCommand/lookUp(_:owner:)`` asked about name, in the order asked.
  case lookedUp([TodoNumberLookup], owner: UserID)
  /// `owner`'s last change was reverted: the rows it changed are as they were before it.
  case undone(TodoUndo, owner: UserID)
  /// What `owner`'s next undo would take back (``TodoCommand/previewUndo(owner:)``); `nil` when
  /// there is nothing to undo.
  case undoPreviewed(TodoUndoPreview?, owner: UserID)
  /// Whether `owner` imported the file at `path` to its end before, unchanged since.
  case importChecked(path: String, importedBefore: Bool, owner: UserID)
}

extension TodoMessage {
  /// The user whose command this message answers: whose list it belongs to.
  ///
  /// ``TodoModel/accepts(_:)`` compares it with ``TodoModel/owner``: the results of a user who has
  /// signed out since belong to nobody on screen.
  public var owner: UserID {
    switch self {
    case .loaded(let owner, _), .added(_, _, let owner), .renamed(_, let owner), .toggled(_, let owner),
      .dueDateChanged(_, let owner), .priorityChanged(_, let owner), .tagsChanged(_, let owner),
      .removed(_, let owner),
      .clearedCompleted(_, let owner),
      .importProgress(_, let owner), .importFinished(_, let owner), .importFailed(_, _, let owner),
      .exportProgress(_, _, let owner), .exportFinished(_, _, let owner),
      .failed(_, let owner), .found(_, let owner), .pageRead(_, _, let owner), .pagePeeked(_, _, let owner),
      .pageChanged(_, _, let owner),
      .lookedUp(_, let owner), .summaryRead(_, let owner), .dueSoon(_, let owner), .dueRead(_, let owner),
      .undone(_, let owner), .undoPreviewed(_, let owner),
      .importChecked(_, _, let owner):
      owner
    }
  }
}
