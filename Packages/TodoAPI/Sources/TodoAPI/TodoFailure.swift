/// Why a to-do operation failed, in words a user can act on.
public enum TodoFailure: Error, Hashable, Sendable, Codable {
  /// The title is empty after trimming.
  case emptyTitle
  /// The title is longer than ``TodoTitle/maximumLength``.
  case titleTooLong(length: Int, limit: Int)
  /// No item has this identity for the signed-in user.
  case notFound(TodoID)
  /// The operation needs a signed-in user.
  case notSignedIn
  /// The file does not exist.
  case fileNotFound(path: String)
  /// The file exists but cannot be read or written.
  case fileUnreadable(path: String, reason: String)
  /// The database failed: locked, corrupt, or unwritable.
  case storage(String)
  /// A word of a tag's shape (`+` and a letter) is longer than ``TodoTag/maximumLength``.
  case tagTooLong(String, limit: Int)
  /// An item would have more than ``TodoTag/maximumCount`` tags.
  case tooManyTags(count: Int, limit: Int)
  /// A word of a stored or imported tags field is not a tag (see ``TodoTag``).
  case notATag(String)
  /// `undo` found no change of the user's left in the history.
  case nothingToUndo
  /// `undo` was asked for while an import is storing batches: the import's step is still growing.
  case undoDuringImport
  /// The file was imported to its end before and has not changed since (same size and
  /// modification time): importing it again would store its rows without an id a second time,
  /// and put the items of its rows with an id back as the file has them.
  case alreadyImported(path: String)
  /// The disk holding the database is full: the change was not stored, and the list is as it was.
  case diskFull
  /// The database is read-only (its data folder is on a read-only file system): the list can be
  /// read, and no change can be stored.
  case readOnly
  /// The disk holding the database filled during an import of the file at `path`, when it had
  /// stored `stored` rows, reaching `percent` of the file; those rows stay.
  case importStoppedDiskFull(path: String, percent: Int, stored: Int)
}

extension TodoFailure: CustomStringConvertible {
  /// The user-presentable reason.
  public var description: String {
    switch self {
    case .emptyTitle: "The title is empty."
    case .titleTooLong(let length, let limit):
      "The title is \(length) characters long; the limit is \(limit)."
    case .notFound(let id): "No to-do item \(id.rawValue)."
    case .notSignedIn: "Sign in first."
    case .fileNotFound(let path): "No such file: \(path)"
    case .fileUnreadable(let path, let reason): "Cannot use \(path): \(reason)"
    case .storage(let reason): "The to-do database failed: \(reason)"
    case .tagTooLong(let word, let limit):
      "The tag \(word) is \(word.count - (word.hasPrefix("+") ? 1 : 0)) characters long; the limit is \(limit)."
    case .tooManyTags(let count, let limit): "An item may have \(limit) tags; this one would have \(count)."
    case .notATag(let word):
      "\"\(word)\" is not a tag: a tag starts with a letter and holds letters, digits, - and _."
    case .nothingToUndo: "Nothing to undo."
    case .undoDuringImport: "An import is running: let it finish or stop it (import cancel), then undo."
    case .alreadyImported(let path):
      "\(path) was imported already and has not changed since: importing it again would add its rows "
        + "without an id a second time, and put the items of its rows with an id back as the file has them. "
        + "import --again \(path) imports it again (undo takes an import back)."
    case .diskFull:
      "The disk is full: this change was not stored, and the list is as it was (reading it still works). "
        + "Free some space, then type the command again."
    case .readOnly:
      "The data folder is read-only: this change was not stored, and the list is as it was (reading it still "
        + "works)."
    case .importStoppedDiskFull(let path, let percent, let stored):
      "Import of \(path) stopped at \(percent)% of the file: the disk is full. "
        + "\(stored) \(stored == 1 ? "row was" : "rows were") stored and stay (undo takes the import back). "
        + "Free some space, then import \(path) again: it resumes after the last row stored."
    }
  }
}
