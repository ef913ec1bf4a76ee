public import AuthenticationAPI
public import Core

/// What happened to the to-do list: the results of ``TodoCommand``s, as stored.
///
/// The model changes from these messages only, so what the user sees is what was stored.
public enum TodoMessage: Message, Hashable, Codable {
  /// The list of `user` was read, in ``TodoItem/displayOrder(_:_:)``.
  case loaded(UserID, [TodoItem])
  /// An item was stored.
  case added(TodoItem)
  /// An item's title changed.
  case renamed(TodoItem)
  /// An item was marked done or not done.
  case toggled(TodoItem)
  /// An item's due date was set or removed.
  case dueDateChanged(TodoItem)
  /// An item was deleted.
  case removed(TodoID)
  /// The done items were deleted.
  case clearedCompleted([TodoID])
  /// A running import advanced; sent at a bounded rate, fractions never decrease.
  case importProgress(TodoImportProgress)
  /// An import ended (completed or cancelled); the list is then reloaded.
  case importFinished(TodoImportReport)
  /// An export wrote `count` items to `path`.
  case exportFinished(path: String, count: Int)
  /// A command failed.
  case failed(TodoFailure)
}
