public import Core

/// What notifications can do. Performed by NotificationsImpl's interpreter.
public enum NotificationsCommand: Command, Hashable {
  /// Post a notification; the interpreter stamps its identity and time. Answers
  /// ``NotificationsMessage/posted(_:)``.
  case post(title: String, body: String, kind: InAppNotification.Kind)
  /// Mark one read. Answers ``NotificationsMessage/read(_:)``.
  case markRead(NotificationID)
  /// Remove one. Answers ``NotificationsMessage/dismissed(_:)``.
  case dismiss(NotificationID)
  /// Remove all. Answers ``NotificationsMessage/allCleared``.
  case clear
}
