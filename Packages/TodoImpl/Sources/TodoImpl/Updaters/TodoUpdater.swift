import AuthenticationAPI
public import Core
public import TodoAPI

/// The to-do feature's updater: applies ``TodoAPI/TodoMessage``s to the ``TodoAPI/TodoModel`` slice,
/// and follows the session through AuthenticationAPI's messages.
///
/// ```swift
/// let updater = CombinedUpdater<AppModel>(
///   .slice(\.authentication, AuthenticationUpdater()),
///   .slice(\.todos, TodoUpdater()))
/// ```
///
/// ## Following the session
/// - ``AuthenticationAPI/AuthenticationMessage/signedIn(_:)``: the slice is emptied and given to the
///   signed-in user, marked loading, and ``TodoAPI/TodoCommand/load(_:)`` is emitted.
/// - ``AuthenticationAPI/AuthenticationMessage/signedOut`` and
///   ``AuthenticationAPI/AuthenticationMessage/sessionExpired(_:)``: the slice is emptied.
///
/// Emptying the slice ends its running import (``TodoAPI/TodoModel/runningImport``), so the store
/// stops it (``TodoSubscriptions``), whether or not it has reported progress.
/// - Other authentication messages change nothing.
///
/// Only AuthenticationAPI's types are involved; nothing here knows how authentication works.
///
/// ## Results
/// Each ``TodoAPI/TodoMessage`` is a stored result and is applied as is to what the slice holds:
/// an item changed or removed updates the page's row (the page's watch reads it again after the
/// commit), a page or a summary read replaces the one held.
/// Every result names its user (``TodoAPI/TodoMessage/owner``); one whose user is not the slice's
/// ``TodoAPI/TodoModel/owner``, because that user signed out since (and perhaps another signed in),
/// is stale and changes nothing. A result clears ``TodoAPI/TodoModel/lastError``, except a
/// load: the app loads by itself (after signing in, after an import), and that must not hide the
/// failure of what the user just did. ``TodoAPI/TodoMessage/importFinished(_:owner:)`` and
/// ``TodoAPI/TodoMessage/importFailed(_:run:owner:)`` end the running import and read the list's
/// summary again (the page's watch shows the imported items) (after a failure, only if the import had reported progress: one
/// that failed before reading its header stored nothing); a progress report, report or failure of an import that is no
/// longer running (stopped just after sending it) changes nothing.
public struct TodoUpdater: Updater {
  private let parts = CombinedUpdater<TodoModel>(.full(TodoResultUpdater()), .full(TodoSessionUpdater()))

  /// Creates the updater.
  public init() {}

  /// ``TodoAPI/TodoMessage`` and ``AuthenticationAPI/AuthenticationMessage``.
  public var messageTypes: [any Message.Type]? { parts.messageTypes }

  /// Applies `message` to the slice.
  ///
  /// - Parameters:
  ///   - model: The to-do slice, changed in place.
  ///   - message: The message.
  ///   - commands: Receives ``TodoAPI/TodoCommand/load(_:)`` after a sign-in or an import.
  /// - Returns: Whether the message was a to-do or an authentication message.
  public func update<M: Message>(
    _ model: inout TodoModel, message: M, commands: inout [any Command]
  ) -> Bool {
    parts.update(&model, message: message, commands: &commands)
  }
}
