public import AuthenticationAPI
public import Core
public import Foundation

/// What happened in notifications that is not one reminder's: a user's seen-until time was read.
///
/// A reminder's alarm speaks to its own element (``ReminderMessage``). The time is not a message of
/// the feature: the app's model owns the clock and the app's own message moves it; NotificationsImpl
/// reads the time through a key path. Posting, marking read, dismissing and clearing are updates of
/// ``NotificationsModel`` (its identities come from a counter in the model, its times from the
/// model), so none of them needs a command or a message.
public enum NotificationsMessage: Message, Hashable, Codable {
  /// The seen-until time of `user` was read (from ``NotificationsCommand/loadSeen(_:)``): `nil` if
  /// none was ever stored (the user's first sign-in).
  case seenLoaded(UserID, until: Date?)
}
