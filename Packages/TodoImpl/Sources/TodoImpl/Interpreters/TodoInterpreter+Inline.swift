import AuthenticationAPI
public import Core
import Foundation
import GRDB
import Synchronization
public import TodoAPI

extension TodoInterpreter: SynchronousCommandInterpreter {
  /// Writes a change of one item at once, on the store's actor, when the interpreter was made with
  /// `changesInline` and no import is storing batches; declines otherwise, and for the commands
  /// that read or write many rows (load, clear completed, export, search, undo), which run in a task
  /// as usual.
  ///
  /// A change is one short transaction of statements by primary key, the change and its undo step
  /// (tens of microseconds in WAL mode with `synchronous = NORMAL`); writing it here saves the switch to the database thread and the
  /// switch back with the result, which cost more than the statement on a busy or virtual machine
  /// (docs/performance.md, B5 toggle). While an import runs, its batches hold SQLite's writer lock
  /// for up to a batch's time, so changes wait for it on the database thread instead of on the
  /// store's actor. An import that starts right after the check may still make one inline change
  /// wait for its first batch.
  ///
  /// - Parameters:
  ///   - command: The command.
  ///   - dispatch: Receives the result message, as ``interpret(_:dispatch:)`` would send it.
  /// - Returns: Whether the change was written.
  public func interpretNow(_ command: TodoCommand, dispatch: Dispatch) -> Bool {
    // The same write as in a task (`prepareChange(_:)`), here on the store's actor.
    guard changesInline, !imports.isRunning, let change = prepareChange(command) else { return false }
    performNow(dispatch, owner: command.owner) { try writeHere(change) }
    return true
  }
}

/// How many imports of one interpreter are running; shared by the copies of the interpreter (a
/// struct), so the import runner and ``TodoInterpreter/interpretNow(_:dispatch:)`` see one count.
final class ImportActivity: Sendable {
  private let running = Atomic<Int>(0)

  /// Whether an import is running.
  var isRunning: Bool { running.load(ordering: .acquiring) > 0 }

  /// Runs `body` counted as a running import.
  func counting<Result>(_ body: () async -> Result) async -> Result {
    running.add(1, ordering: .releasing)
    defer { running.subtract(1, ordering: .releasing) }
    return await body()
  }
}
