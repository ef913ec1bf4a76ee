public import AuthenticationAPI
public import Core
public import Foundation

/// What the to-do feature can do. Performed by TodoImpl's interpreter; every change in one
/// database transaction.
public enum TodoCommand: Command, Hashable {
  /// Open `user`'s list: read its summary (how many items, open and done, and per tag), at sign-in
  /// and after an import. The items stay in the database. Answers ``TodoMessage/loaded(_:_:)``.
  case load(UserID)
  /// Store a new item. Answers ``TodoMessage/added(_:owner:)`` or ``TodoMessage/failed(_:owner:)``.
  ///
  /// The title is validated where the command is made (``TodoTitle/validate(_:)``), and the tags
  /// are taken out of it there (``TodoTag/split(_:)``).
  case add(title: TodoTitle, dueDate: Date?, tags: [TodoTag] = [], owner: UserID)
  /// Change a title, validated where the command is made. Answers ``TodoMessage/renamed(_:owner:)``.
  case rename(TodoID, title: TodoTitle, owner: UserID)
  /// Flip done. Answers ``TodoMessage/toggled(_:owner:)``.
  case toggle(TodoID, owner: UserID)
  /// Mark done or not done. Answers ``TodoMessage/toggled(_:owner:)``.
  case setDone(TodoID, Bool, owner: UserID)
  /// Set or remove the due date. Answers ``TodoMessage/dueDateChanged(_:owner:)``.
  case setDueDate(TodoID, Date?, owner: UserID)
  /// Set an item's priority. Answers ``TodoMessage/priorityChanged(_:owner:)``.
  case setPriority(TodoID, TodoPriority, owner: UserID)
  /// Give an item these tags, beside those it has. Answers ``TodoMessage/tagsChanged(_:owner:)``,
  /// or ``TodoFailure/tooManyTags(count:limit:)`` if it would have more than
  /// ``TodoTag/maximumCount``.
  case addTags(TodoID, [TodoTag], owner: UserID)
  /// Take these tags from an item; a tag it does not have is ignored. Answers
  /// ``TodoMessage/tagsChanged(_:owner:)``.
  case removeTags(TodoID, [TodoTag], owner: UserID)
  /// Delete an item. Answers ``TodoMessage/removed(_:owner:)`` naming it.
  case remove(TodoID, owner: UserID)
  /// Delete several items in one transaction, one step of the undo history. Answers one
  /// ``TodoMessage/removed(_:owner:)`` naming them all, in order; or, deleting none,
  /// ``TodoMessage/failed(_:owner:)`` if `owner` has no item with one of the identities.
  case removeItems([TodoID], owner: UserID)
  /// Delete the done items. Answers ``TodoMessage/clearedCompleted(_:owner:)``.
  case clearCompleted(owner: UserID)
  /// Write the list to a CSV file. Answers ``TodoMessage/exportFinished(path:count:owner:)``; the
  /// file is replaced only once the export is complete.
  case exportCSV(path: String, owner: UserID)
  /// Find `owner`'s items whose titles hold the search's words, ranked, one page of them (see
  /// ``TodoSearch``). Answers ``TodoMessage/found(_:owner:)``; reads only.
  case search(TodoSearch, owner: UserID)
  /// A listing: number `owner`'s list afresh, then read the page of it that `query` selects, its
  /// counts and its rows' numbers, from the database (TodoImpl's `TodoTable.page`), as the list is at
  /// the time of the read; open items due before `at` count as overdue. From then on a number keeps
  /// meaning the item this listing gave it, deletions notwithstanding, until the next listing.
  /// Answers ``TodoMessage/pageRead(_:at:owner:)``; changes no item.
  case readPage(TodoListQuery, at: Date, owner: UserID)
  /// Read the page of `owner`'s list that `query` selects, as ``readPage(_:at:owner:)`` does, for a
  /// decision rather than a listing: the numbers stay those of the last listing, and nothing is
  /// shown of it (the to-do app asks `clear-done`'s question from the done items' first page).
  /// Answers ``TodoMessage/pagePeeked(_:at:owner:)``; reads only.
  case peekPage(TodoListQuery, at: Date, owner: UserID)
  /// Find what each of `numbers` names in `owner`'s list: an item, one deleted since the last
  /// listing, or nothing (see ``TodoNumberLookup``), in the order asked, each number once. Finding
  /// number *n* costs a walk of the list up to it. Answers ``TodoMessage/lookedUp(_:owner:)``;
  /// reads only.
  case lookUp([Int], owner: UserID)
  /// Revert `owner`'s last change still in the history (see ``TodoUndo``), in one transaction.
  /// Answers ``TodoMessage/undone(_:owner:)``, or ``TodoMessage/failed(_:owner:)`` with
  /// ``TodoFailure/nothingToUndo``, or with ``TodoFailure/undoDuringImport`` while an import runs.
  case undo(owner: UserID)
  /// Read what ``undo(owner:)`` would take back now, without taking it back (see
  /// ``TodoUndoPreview``). Answers ``TodoMessage/undoPreviewed(_:owner:)``, `nil` when there is
  /// nothing to undo; reads only.
  case previewUndo(owner: UserID)
  /// Read how many of `owner`'s open items are due in `after < due <= through`, and the first
  /// `naming` of them, soonest first (``TodoDueSpan``). Answers ``TodoMessage/dueRead(_:owner:)``;
  /// reads only.
  case readDue(after: Date, through: Date, naming: Int, owner: UserID)
  /// Ask whether `owner` imported the file at `path` to its end before, and it has not changed
  /// since (same size and modification time). Answers ``TodoMessage/importChecked(path:importedBefore:owner:)``;
  /// reads only.
  case checkImport(path: String, owner: UserID)
}

extension TodoCommand {
  /// The user whose list the command reads or changes: the owner its answer names.
  public var owner: UserID {
    switch self {
    case .load(let owner), .add(_, _, _, let owner), .addTags(_, _, let owner), .removeTags(_, _, let owner),
      .rename(_, _, let owner), .toggle(_, let owner),
      .setDone(_, _, let owner), .setDueDate(_, _, let owner), .setPriority(_, _, let owner),
      .remove(_, let owner), .removeItems(_, let owner), .clearCompleted(let owner), .exportCSV(_, let owner),
      .search(_, let owner), .readPage(_, _, let owner), .peekPage(_, _, let owner), .lookUp(_, let owner),
      .undo(let owner), .previewUndo(let owner), .readDue(_, _, _, let owner), .checkImport(_, let owner):
      owner
    }
  }
}
