/// A change of the list that ``TodoCommand/undo(owner:)`` reverted, and the rows it put back.
///
/// Every change of a user's items (add, remove, done or not done, rename, due date, priority,
/// tags, clear-done, an import as a whole) is one step of that user's history, kept in the database with
/// the change itself; `undo` reverts the last step still kept, then the one before, and so on. The
/// history keeps at least each user's last ``historyLimit`` steps (older ones are forgotten a few
/// at a time). An undo is not a step itself: there is no
/// redo.
///
/// ```swift
/// case .undone(let undo, _):
///   print("Undid: \(undo.change.rawValue) \"\(undo.subject)\"")  // Undid: add "buy milk"
/// ```
public struct TodoUndo: Hashable, Sendable, Codable {
  /// What kind of change a step was; its raw value is the command that made it.
  public enum Change: String, Hashable, Sendable, Codable, CaseIterable {
    /// An item was added (`add`).
    case add
    /// Items were removed (`rm`: one, or several at once).
    case remove = "rm"
    /// An item was marked done (`done`, or a toggle that made it done).
    case done
    /// An item was marked not done (`reopen`, or a toggle that made it open).
    case reopen
    /// An item was renamed (`rename`).
    case rename
    /// An item's due date was set or removed (`due`).
    case due
    /// An item's priority was set (`pri`).
    case priority = "pri"
    /// Tags were given to an item (`tag`, or `add` with tags is an `add`).
    case tag
    /// Tags were taken off an item (`untag`).
    case untag
    /// The done items were deleted (`clear-done`).
    case clearDone = "clear-done"
    /// A CSV file was imported (`import`): every row it stored, as one step.
    case importCSV = "import"
  }

  /// How many steps the history keeps at least per user; older ones may be forgotten.
  public static let historyLimit = 100

  /// The kind of change reverted.
  public let change: Change
  /// What it was about: the item's title before the change, or the imported file's path (empty
  /// for clear-done and for `rm` of several items).
  public let subject: String
  /// The items as they were before the change, as stored again (removed or changed by it).
  public let restored: [TodoItem]
  /// The items the change had added, deleted again.
  public let removed: [TodoID]

  /// Creates the description of a reverted step.
  ///
  /// - Parameters:
  ///   - change: The kind of change reverted.
  ///   - subject: The item's title before the change, or the imported file's path.
  ///   - restored: The items stored again as they were.
  ///   - removed: The items the change had added, deleted again.
  public init(change: Change, subject: String, restored: [TodoItem], removed: [TodoID]) {
    self.change = change
    self.subject = subject
    self.restored = restored
    self.removed = removed
  }
}

/// What a user's next `undo` would take back, read without taking it back: the last step of the
/// history, and how many items reverting it would delete and put back
/// (``TodoCommand/previewUndo(owner:)``). The to-do app asks before an undo of more than one item.
public struct TodoUndoPreview: Hashable, Sendable, Codable {
  /// The kind of change the step made.
  public let change: TodoUndo.Change
  /// What it was about, as ``TodoUndo/subject``.
  public let subject: String
  /// How many items reverting it would delete: those the change added.
  public let removes: Int
  /// How many items reverting it would store again as they were before the change.
  public let restores: Int

  /// Creates a preview.
  ///
  /// - Parameters:
  ///   - change: The kind of change the step made.
  ///   - subject: What it was about.
  ///   - removes: How many items reverting it would delete.
  ///   - restores: How many items it would store again as they were.
  public init(change: TodoUndo.Change, subject: String, removes: Int, restores: Int) {
    self.change = change
    self.subject = subject
    self.removes = removes
    self.restores = restores
  }
}
