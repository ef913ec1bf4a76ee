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
///   signed-in user, marked loading, and ``TodoAPI/TodoCommand/load(_:)`` is emitted; if another
///   user owned the slice, ``TodoAPI/TodoCommand/cancelImport(owner:)`` for that user comes first.
/// - ``AuthenticationAPI/AuthenticationMessage/signedOut`` and
///   ``AuthenticationAPI/AuthenticationMessage/sessionExpired(_:)``: the slice is emptied, and
///   ``TodoAPI/TodoCommand/cancelImport(owner:)`` stops the user's import if it has begun (it is
///   emitted whenever someone was signed in: an import that has not reported progress yet is not
///   in the model; one whose task has not begun yet runs on, and its results are dropped).
/// - Other authentication messages are not this updater's business: it reports them unhandled.
///
/// Only AuthenticationAPI's types are involved; nothing here knows how authentication works.
///
/// ## Results
/// Each ``TodoAPI/TodoMessage`` is a stored result and is applied as is: items are inserted,
/// replaced or removed by identity (replacing one item costs the same in a list of any size).
/// Every result names its user (``TodoAPI/TodoMessage/owner``); one whose user is not the slice's
/// ``TodoAPI/TodoModel/owner``, because that user signed out since (and perhaps another signed in),
/// is stale and changes nothing. A result clears ``TodoAPI/TodoModel/lastError``, except a
/// load: the app loads by itself (after signing in, after an import), and that must not hide the
/// failure of what the user just did. ``TodoAPI/TodoMessage/importFinished(_:owner:)`` reloads the list
/// so that the imported items appear.
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
  ///   - commands: Receives ``TodoAPI/TodoCommand/load(_:)`` after a sign-in or an import, and
  ///     ``TodoAPI/TodoCommand/cancelImport(owner:)`` when the owner signs out or another user signs in.
  /// - Returns: Whether the message was a to-do message or one of the authentication messages above.
  public func update<M: Message>(
    _ model: inout TodoModel, message: M, commands: inout [any Command]
  ) -> Bool {
    parts.update(&model, message: message, commands: &commands)
  }
}
