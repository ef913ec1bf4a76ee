import Foundation
import NotificationsAPI
import Testing

@Suite("NotificationsModel")
struct NotificationsModelTests {
  private func notification(_ id: Int64, read: Bool = false) -> InAppNotification {
    InAppNotification(
      id: NotificationID(rawValue: id), title: "n\(id)", body: "",
      time: Date(timeIntervalSince1970: Double(id)),
      kind: .system, isRead: read)
  }

  @Test("the inbox is newest first and counts unread notifications")
  func newestFirst() {
    var model = NotificationsModel()
    model.post(notification(1))
    model.post(notification(2, read: true))
    model.post(notification(3))
    #expect(model.inbox.map(\.id.rawValue) == [3, 2, 1])
    #expect(model.unreadCount == 2)
    model.markRead(NotificationID(rawValue: 3))
    #expect(model.unreadCount == 1)
  }

  @Test("posting issues the next identity from the model's counter and stamps the time given")
  func postIssuesIdentities() {
    var model = NotificationsModel(inbox: [notification(7)])
    let first = model.post(
      title: "Reminder", body: "due", kind: .system, at: Date(timeIntervalSince1970: 100))
    let second = model.post(
      title: "Again", body: "", kind: .sessionExpired, at: Date(timeIntervalSince1970: 160))
    #expect(first.id == NotificationID(rawValue: 8))
    #expect(first.time == Date(timeIntervalSince1970: 100))
    #expect(second.id == NotificationID(rawValue: 9))
    #expect(second.time == Date(timeIntervalSince1970: 160))
    #expect(model.inbox.map(\.id.rawValue) == [9, 8, 7])
    #expect(model.lastIssuedID == NotificationID(rawValue: 9))
  }

  @Test("identities keep increasing after the inbox is cleared")
  func identitiesSurviveClearing() {
    var model = NotificationsModel()
    model.post(title: "a", body: "", kind: .system, at: Date(timeIntervalSince1970: 0))
    model.clear()
    #expect(
      model.post(title: "b", body: "", kind: .system, at: Date(timeIntervalSince1970: 0)).id
        == NotificationID(rawValue: 2))
  }

  @Test("at capacity the oldest read notification goes first, then the oldest")
  func capped() {
    var model = NotificationsModel(capacity: 3)
    model.post(notification(1))
    model.post(notification(2, read: true))
    model.post(notification(3))
    model.post(notification(4))
    #expect(model.inbox.map(\.id.rawValue) == [4, 3, 1])
    model.post(notification(5))
    #expect(model.inbox.map(\.id.rawValue) == [5, 4, 3])
  }

  @Test("dismiss and clear remove notifications")
  func dismissAndClear() {
    var model = NotificationsModel(inbox: [notification(2), notification(1)])
    model.dismiss(NotificationID(rawValue: 1))
    #expect(model.inbox.map(\.id.rawValue) == [2])
    model.clear()
    #expect(model.inbox.isEmpty)
  }

  @Test("removeAll(where:) removes the matching notifications and keeps the others in order")
  func removeAllWhere() {
    var model = NotificationsModel(inbox: [
      notification(4), notification(3, read: true), notification(2), notification(1),
    ])
    model.removeAll { $0.id.rawValue.isMultiple(of: 2) }
    #expect(model.inbox.map(\.id.rawValue) == [3, 1])
    #expect(model.unreadCount == 1)
  }
}
