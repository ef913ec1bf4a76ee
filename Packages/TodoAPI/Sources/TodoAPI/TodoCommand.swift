public import AuthenticationAPI
public import Core
public import Foundation

/// What the to-do feature can do. Performed by TodoImpl's interpreter; every change in one
/// database transaction.
public enum TodoCommand: Command, Hashable {
  /// Read `user`'s list. Answers ``TodoMessage/loaded(_:_:)``.
  case load(UserID)
  /// Store a new item. Answers ``TodoMessage/added(_:)`` or ``TodoMessage/failed(_:)``.
  case add(title: String, dueDate: Date?, owner: UserID)
  /// Change a title. Answers ``TodoMessage/renamed(_:)``.
  case rename(TodoID, title: String, owner: UserID)
  /// Flip done. Answers ``TodoMessage/toggled(_:)``.
  case toggle(TodoID, owner: UserID)
  /// Mark done or not done. Answers ``TodoMessage/toggled(_:)``.
  case setDone(TodoID, Bool, owner: UserID)
  /// Set or remove the due date. Answers ``TodoMessage/dueDateChanged(_:)``.
  case setDueDate(TodoID, Date?, owner: UserID)
  /// Delete an item. Answers ``TodoMessage/removed(_:)``.
  case remove(TodoID, owner: UserID)
  /// Delete the done items. Answers ``TodoMessage/clearedCompleted(_:)``.
  case clearCompleted(owner: UserID)
  /// Import a CSV file in batches. Answers ``TodoMessage/importProgress(_:)`` messages, then
  /// ``TodoMessage/importFinished(_:)``.
  case importCSV(path: String, owner: UserID)
  /// Cancel the running import after its current batch.
  case cancelImport
  /// Write the list to a CSV file. Answers ``TodoMessage/exportFinished(path:count:)``.
  case exportCSV(path: String, owner: UserID)
}
