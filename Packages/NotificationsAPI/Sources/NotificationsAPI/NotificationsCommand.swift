public import AuthenticationAPI
public import Core
public import Foundation

/// What the notifications feature asks of storage: how far each user has seen their reminders.
///
/// A user's *seen-until* time is the instant up to which every reminder of theirs has been dealt
/// with: shown while they watched, or announced as missed at a sign-in. It is stored per user, so
/// reminders that come due while the user is signed out or the app is closed can be announced at
/// the next sign-in, and none is announced twice. Performed by NotificationsImpl's interpreter.
public enum NotificationsCommand: Command, Hashable {
  /// Read `user`'s seen-until time. Answers ``NotificationsMessage/seenLoaded(_:until:)``.
  case loadSeen(UserID)
  /// Store that `user` has seen their reminders up to `until`; a stored time never moves back.
  /// Answers nothing.
  case saveSeen(UserID, until: Date)
}
