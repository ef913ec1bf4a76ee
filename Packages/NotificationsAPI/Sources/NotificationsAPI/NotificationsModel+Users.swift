public import AuthenticationAPI
public import Foundation

extension NotificationsModel {
  /// Where announcing a user's missed reminders stands after a sign-in.
  ///
  /// Reminders that came due while the user was away are announced once the user's seen-until
  /// time (``NotificationsCommand/loadSeen(_:)``) and then the items that came due since it
  /// (``TodoAPI/TodoCommand/readDue(after:through:naming:owner:)``) have been read.
  public enum CatchUp: Hashable, Sendable, Codable {
    /// The seen-until time is being read.
    case loadingSeen
    /// The seen-until time is known (`nil`: none stored, so nothing can have been missed); the
    /// app's time is not known yet.
    case seen(until: Date?)
    /// The items due in `after < due <= through` are being counted.
    case counting(after: Date, through: Date)
  }

  /// Moves the notifications of `user` that satisfy `belongsToUser` out of the inbox, keeping them
  /// for ``restoreInbox(of:)``; the others stay.
  ///
  /// Kept notifications replace any kept before for the same user.
  ///
  /// - Parameters:
  ///   - user: The user signing out.
  ///   - belongsToUser: Whether a notification is that user's.
  public mutating func keepInbox(of user: UserID, where belongsToUser: (InAppNotification) -> Bool) {
    let kept = inbox.filter(belongsToUser)
    removeAll(where: belongsToUser)
    keptInboxes[user] = kept.isEmpty ? nil : kept
  }

  /// Puts back the notifications kept for `user` by ``keepInbox(of:where:)``, in posting order
  /// among those in the inbox, within the capacity.
  ///
  /// They keep their identities, read state and times, so they are not new: the app does not
  /// announce them again.
  ///
  /// - Parameter user: The user signing in.
  public mutating func restoreInbox(of user: UserID) {
    guard let kept = keptInboxes.removeValue(forKey: user) else { return }
    let merged = (inbox + kept).sorted { $0.id > $1.id }
    clear()
    for notification in merged.reversed() { post(notification) }
  }
}
