import AuthenticationAPI
import Core
import Foundation
import NotificationsAPI
import Testing
import TodoAPI

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

@Suite("NotificationsModel: reminders")
struct NotificationsModelRemindersTests {
  private let start = Date(timeIntervalSince1970: 1_000)

  private func item(_ id: String, due seconds: TimeInterval?, done: Bool = false) -> TodoItem {
    // Safe: the tests' identifiers, used as titles, are short and never empty.
    TodoItem(
      id: TodoID(rawValue: id), title: try! TodoTitle(validating: id), isDone: done,
      dueDate: seconds.map { start + $0 }, createdAt: start
    )
  }

  /// The window the database reads from `items` after `start`: every open item due after it,
  /// soonest first.
  private func window(_ items: [TodoItem]) -> TodoDueWindow {
    TodoDueWindow(
      after: start,
      items: items.filter { !$0.isDone && ($0.dueDate.map { $0 > start } ?? false) }.sorted {
        $0.dueDate! < $1.dueDate!
      }, isComplete: true)
  }

  /// `model` with its window holding `items`, its reminders scheduled.
  private func schedule(_ model: inout NotificationsModel, _ items: [TodoItem]) {
    model.dueSoon = window(items)
    model.scheduleReminders()
  }

  @Test("the pending reminders are the open items due after the judged time, nearest first")
  func schedules() {
    var model = NotificationsModel(watchedUntil: start)
    // The window holds what is due after its start; a window held since, with the judged time
    // moved past some of it, is scheduled likewise.
    model.dueSoon = TodoDueWindow(
      after: start - 10, items: [item("past", due: -1), item("soon", due: 60), item("later", due: 600)],
      isComplete: true)
    model.scheduleReminders()
    #expect(
      Array(model.reminders) == [
        Reminder(id: TodoID(rawValue: "soon"), dueDate: start + 60),
        Reminder(id: TodoID(rawValue: "later"), dueDate: start + 600),
      ])
  }

  @Test("without a judged time there are no reminders")
  func noTimeNoReminders() {
    var model = NotificationsModel(watchedUntil: start)
    schedule(&model, [item("a", due: 60)])
    model.watchedUntil = nil
    schedule(&model, [item("a", due: 60)])
    #expect(model.reminders.isEmpty)
  }

  @Test("a reminder still wanted keeps its state; a changed due date makes a new reminder")
  func keepsAndReplaces() {
    var model = NotificationsModel(watchedUntil: start)
    schedule(&model, [item("a", due: 60), item("b", due: 120)])
    model.reminders[id: TodoID(rawValue: "a")]?.rang = start + 60
    schedule(&model, [item("a", due: 60), item("b", due: 180)])
    #expect(model.reminders[id: TodoID(rawValue: "a")]?.rang == start + 60)
    #expect(
      model.reminders[id: TodoID(rawValue: "b")] == Reminder(id: TodoID(rawValue: "b"), dueDate: start + 180))
  }

  @Test("the slice, reminders included, survives encoding and decoding")
  func codable() throws {
    var model = NotificationsModel(capacity: 5, watchedUntil: start)
    model.post(title: "t", body: "b", kind: .system, at: start)
    model.user = UserID(rawValue: 3)
    model.catchUp = .seen(until: start)
    model.seenStored = start
    model.dueWindowStart = start
    model.unjudgedAfter = start
    schedule(&model, [item("a", due: 60), item("b", due: 120)])
    let decoded = try JSONDecoder().decode(NotificationsModel.self, from: JSONEncoder().encode(model))
    #expect(decoded == model)
    #expect(decoded.capacity == 5)
  }

  @Test("a slice recorded before reminders came from a window of due items decodes, without one")
  func decodesWithoutWindow() throws {
    let recorded = Data(
      """
      {"inbox":[],"capacity":200,"watchedUntil":0,"keptInboxes":[],"reminders":[]}
      """.utf8)
    let decoded = try JSONDecoder().decode(NotificationsModel.self, from: recorded)
    #expect(decoded == NotificationsModel(watchedUntil: Date(timeIntervalSinceReferenceDate: 0)))
  }
}
