public import Core
public import Foundation
public import NotificationsAPI
import Synchronization

/// Performs ``NotificationsAPI/NotificationsCommand``s: stamps posted notifications with an
/// identity and the time, and answers the inbox commands.
///
/// ```swift
/// store.register(NotificationsInterpreter(now: { Date() }))
/// ```
///
/// The inbox lives in the model, so every command only answers with its message:
/// - ``NotificationsAPI/NotificationsCommand/post(title:body:kind:)`` →
///   ``NotificationsAPI/NotificationsMessage/posted(_:)`` with the next identity and `now()`;
/// - ``NotificationsAPI/NotificationsCommand/markRead(_:)`` → ``NotificationsAPI/NotificationsMessage/read(_:)``;
/// - ``NotificationsAPI/NotificationsCommand/dismiss(_:)`` → ``NotificationsAPI/NotificationsMessage/dismissed(_:)``;
/// - ``NotificationsAPI/NotificationsCommand/clear`` → ``NotificationsAPI/NotificationsMessage/allCleared``.
///
/// Identities come from a counter shared by copies of the interpreter: unique and increasing in
/// posting order for one interpreter, not across launches (start after the largest identity of a
/// restored inbox with `lastIssuedID`).
public struct NotificationsInterpreter: CommandInterpreter {
  private let now: @Sendable () -> Date
  private let identities: IdentitySource

  /// Creates the interpreter.
  ///
  /// - Parameters:
  ///   - now: The current time, stamped on posted notifications.
  ///   - lastIssuedID: The largest identity already in use; the first post gets the next one.
  ///     `nil` (the default) starts at 1.
  public init(now: @escaping @Sendable () -> Date, lastIssuedID: NotificationID? = nil) {
    self.now = now
    self.identities = IdentitySource(after: lastIssuedID?.rawValue ?? 0)
  }

  /// Answers `command` with its message.
  ///
  /// - Parameters:
  ///   - command: The command to perform.
  ///   - dispatch: Sends the answer, caused by the command.
  public func interpret(_ command: NotificationsCommand, dispatch: Dispatch) async {
    switch command {
    case .post(let title, let body, let kind):
      let notification = InAppNotification(
        id: identities.next(), title: title, body: body, time: now(), kind: kind)
      dispatch(NotificationsMessage.posted(notification))
    case .markRead(let id):
      dispatch(NotificationsMessage.read(id))
    case .dismiss(let id):
      dispatch(NotificationsMessage.dismissed(id))
    case .clear:
      dispatch(NotificationsMessage.allCleared)
    }
  }
}

/// Hands out increasing notification identities; commands run concurrently, hence the lock.
private final class IdentitySource: Sendable {
  private let last: Mutex<Int64>

  init(after last: Int64) {
    self.last = Mutex(last)
  }

  func next() -> NotificationID {
    NotificationID(
      rawValue: last.withLock { last in
        last += 1
        return last
      })
  }
}
