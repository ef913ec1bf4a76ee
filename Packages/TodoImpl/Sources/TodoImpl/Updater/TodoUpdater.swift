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
/// - Other authentication messages are not this updater's business: it reports them unhandled.
///
/// Only AuthenticationAPI's types are involved; nothing here knows how authentication works.
///
/// ## Results
/// Each ``TodoAPI/TodoMessage`` is a stored result and is applied as is: items are inserted,
/// replaced or removed by identity (replacing one item costs the same in a list of any size).
/// Results that arrive while nobody is signed in, and a list loaded for a user who is no longer the
/// owner, are stale and change nothing. A result clears ``TodoAPI/TodoModel/lastError``, except a
/// load: the app loads by itself (after signing in, after an import), and that must not hide the
/// failure of what the user just did. ``TodoAPI/TodoMessage/importFinished(_:)`` reloads the list
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
  ///   - commands: Receives ``TodoAPI/TodoCommand/load(_:)`` after a sign-in or an import.
  /// - Returns: Whether the message was a to-do message or one of the authentication messages above.
  public func update<M: Message>(
    _ model: inout TodoModel, message: M, commands: inout [any Command]
  ) -> Bool {
    parts.update(&model, message: message, commands: &commands)
  }
}
