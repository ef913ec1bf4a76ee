import AuthenticationAPI
import Core
import Foundation
import TodoAPI

extension NotificationsModel: Codable {
  private enum CodingKeys: String, CodingKey {
    case inbox, capacity, watchedUntil, lastIssuedID, user, catchUp, seenStored, keptInboxes, reminders,
      dueSoon
    case dueWindowStart, unjudgedAfter
  }

  /// Decodes the slice as a trace records it; the reminders keep their order.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(capacity: try container.decode(Int.self, forKey: .capacity))
    inbox = try container.decode([InAppNotification].self, forKey: .inbox)
    watchedUntil = try container.decodeIfPresent(Date.self, forKey: .watchedUntil)
    lastIssuedID = try container.decodeIfPresent(NotificationID.self, forKey: .lastIssuedID)
    user = try container.decodeIfPresent(UserID.self, forKey: .user)
    catchUp = try container.decodeIfPresent(CatchUp.self, forKey: .catchUp)
    seenStored = try container.decodeIfPresent(Date.self, forKey: .seenStored)
    keptInboxes = try container.decode([UserID: [InAppNotification]].self, forKey: .keptInboxes)
    reminders = IdentifiedArray(try container.decode([Reminder].self, forKey: .reminders))
    // Absent from a trace recorded before reminders came from a window of due items.
    dueSoon = try container.decodeIfPresent(TodoDueWindow.self, forKey: .dueSoon)
    dueWindowStart = try container.decodeIfPresent(Date.self, forKey: .dueWindowStart)
    unjudgedAfter = try container.decodeIfPresent(Date.self, forKey: .unjudgedAfter)
  }

  /// Encodes every field; the reminders as an array, in order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(inbox, forKey: .inbox)
    try container.encode(capacity, forKey: .capacity)
    try container.encodeIfPresent(watchedUntil, forKey: .watchedUntil)
    try container.encodeIfPresent(lastIssuedID, forKey: .lastIssuedID)
    try container.encodeIfPresent(user, forKey: .user)
    try container.encodeIfPresent(catchUp, forKey: .catchUp)
    try container.encodeIfPresent(seenStored, forKey: .seenStored)
    try container.encode(keptInboxes, forKey: .keptInboxes)
    try container.encode(Array(reminders), forKey: .reminders)
    try container.encodeIfPresent(dueSoon, forKey: .dueSoon)
    try container.encodeIfPresent(dueWindowStart, forKey: .dueWindowStart)
    try container.encodeIfPresent(unjudgedAfter, forKey: .unjudgedAfter)
  }
}
