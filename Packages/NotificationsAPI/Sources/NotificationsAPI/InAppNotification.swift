public import Foundation
public import TodoAPI

/// The identity of an in-app notification.
public struct NotificationID: RawRepresentable, Hashable, Comparable, Sendable, Codable {
  /// The identifier, increasing in posting order.
  public let rawValue: Int64

  /// Creates an identifier.
  ///
  /// - Parameter rawValue: The identifier.
  public init(rawValue: Int64) { self.rawValue = rawValue }

  /// Orders identifiers by posting order.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A notification in the app's inbox.
public struct InAppNotification: Hashable, Sendable, Codable, Identifiable {
  /// What the notification is about.
  public enum Kind: Hashable, Sendable, Codable {
    /// A to-do item is due.
    case reminder(TodoID)
    /// `count` reminders came due while the user was away (signed out, or the app closed).
    case missedReminders(count: Int)
    /// The session expired.
    case sessionExpired
    /// Something the app itself reports (a reload after SIGHUP, for example).
    case system
  }

  /// The notification's identity.
  public let id: NotificationID
  /// A short headline.
  public let title: String
  /// The details.
  public let body: String
  /// When it was posted.
  public let time: Date
  /// What it is about.
  public let kind: Kind
  /// Whether the user has read it.
  public var isRead: Bool

  /// Creates a notification.
  ///
  /// - Parameters:
  ///   - id: The identity.
  ///   - title: The headline.
  ///   - body: The details.
  ///   - time: When it was posted.
  ///   - kind: What it is about.
  ///   - isRead: Whether it has been read; `false` by default.
  public init(id: NotificationID, title: String, body: String, time: Date, kind: Kind, isRead: Bool = false) {
    self.id = id
    self.title = title
    self.body = body
    self.time = time
    self.kind = kind
    self.isRead = isRead
  }
}
