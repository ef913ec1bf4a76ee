import AuthenticationAPI
import CoreTesting
import Foundation
import NotificationsAPI
import NotificationsImpl
import Testing
import TodoAPI

@Suite("NotificationsUpdater")
struct NotificationsUpdaterTests {
  private let updater = NotificationsUpdater<AppModel>(todos: \.todos, notifications: \.notifications)

  // MARK: - Reminders

  @Test("a due reminder moves now to its due date and posts the item's reminder")
  func reminderDuePosts() {
    let item = TodoItem.fixture("a", title: "Water the plants", due: 300)
    assertUpdate(
      updater, given: .fixture(items: [item]),
      when: NotificationsMessage.reminderDue(item.id, title: item.title, dueDate: .t0(plus: 300)),
      commands: [
        NotificationsCommand.post(
          title: "Reminder", body: "“Water the plants” is due now.", kind: .reminder(item.id))
      ]
    ) { $0.notifications.now = .t0(plus: 300) }
  }

  @Test("items due at the same instant are all posted when the first reminder rings")
  func sameInstant() {
    let first = TodoItem.fixture("a", due: 300)
    let second = TodoItem.fixture("b", due: 300)
    assertUpdate(
      updater, given: .fixture(items: [first, second]),
      when: NotificationsMessage.reminderDue(first.id, title: first.title, dueDate: .t0(plus: 300)),
      commands: [first.reminderPost, second.reminderPost]
    ) { $0.notifications.now = .t0(plus: 300) }
  }

  @Test("a reminder that rings after its due date was already reached posts nothing")
  func lateReminder() {
    let first = TodoItem.fixture("a", due: 300)
    let second = TodoItem.fixture("b", due: 300)
    assertUpdate(
      updater, given: .fixture(now: 300, items: [first, second]),
      when: NotificationsMessage.reminderDue(second.id, title: second.title, dueDate: .t0(plus: 300)),
      then: .fixture(now: 300, items: [first, second]))
  }

  @Test("an item posted when now reached its due date is not posted again as time moves on")
  func postedOnce() {
    let item = TodoItem.fixture("a", due: 300)
    assertUpdate(
      updater, given: .fixture(now: 300, items: [item]),
      when: NotificationsMessage.clockTicked(.t0(plus: 301))
    ) { $0.notifications.now = .t0(plus: 301) }
  }

  @Test("a reminder for an item completed in the meantime posts nothing")
  func completedMeanwhile() {
    let item = TodoItem.fixture("a", isDone: true, due: 300)
    assertUpdate(
      updater, given: .fixture(items: [item]),
      when: NotificationsMessage.reminderDue(item.id, title: item.title, dueDate: .t0(plus: 300))
    ) { $0.notifications.now = .t0(plus: 300) }
  }

  @Test("a reminder for a due date that has since moved posts nothing")
  func rescheduledMeanwhile() {
    let item = TodoItem.fixture("a", due: 900)
    assertUpdate(
      updater, given: .fixture(items: [item]),
      when: NotificationsMessage.reminderDue(item.id, title: item.title, dueDate: .t0(plus: 300))
    ) { $0.notifications.now = .t0(plus: 300) }
  }

  // MARK: - Clock

  @Test("a tick moves now forward")
  func tickMovesNow() {
    assertUpdate(updater, given: .fixture(now: 0), when: NotificationsMessage.clockTicked(.t0(plus: 1))) {
      $0.notifications.now = .t0(plus: 1)
    }
  }

  @Test("a tick from the past leaves now where it is")
  func tickNeverBackwards() {
    assertUpdate(
      updater, given: .fixture(now: 10), when: NotificationsMessage.clockTicked(.t0(plus: 5)),
      then: .fixture(now: 10))
  }

  @Test("a tick that passes a due date before the reminder rings posts the reminder")
  func tickOvertakesReminder() {
    let item = TodoItem.fixture("a", due: 30)
    assertUpdate(
      updater, given: .fixture(now: 29.5, items: [item]),
      when: NotificationsMessage.clockTicked(.t0(plus: 30.5)),
      commands: [item.reminderPost]
    ) { $0.notifications.now = .t0(plus: 30.5) }
  }

  @Test("the first time told posts nothing for items that became due before")
  func firstTimePostsNothing() {
    let overdue = TodoItem.fixture("a", due: -3600)
    assertUpdate(
      updater, given: .fixture(now: nil, items: [overdue]), when: NotificationsMessage.clockTicked(.t0)
    ) { $0.notifications.now = .t0 }
  }

  // MARK: - Session expiry and signals

  @Test("an expired session posts a session-expired notification")
  func sessionExpired() {
    let session = Session(
      id: SessionID(rawValue: 1), user: User(id: UserID(rawValue: 7), name: "ada"), expiresAt: .t0)
    assertUpdate(
      updater, given: .fixture(), when: AuthenticationMessage.sessionExpired(session),
      then: .fixture(),
      commands: [
        NotificationsCommand.post(
          title: "Session expired", body: "ada, your session has ended. Sign in again to continue.",
          kind: .sessionExpired)
      ])
  }

  @Test("other authentication messages are left to the authentication feature")
  func otherAuthenticationMessages() {
    assertIgnored(updater, given: .fixture(), when: AuthenticationMessage.signedOut)
  }

  @Test("SIGHUP posts a system notification that the app reloads")
  func hangUpPosts() {
    assertUpdate(
      updater, given: .fixture(), when: NotificationsMessage.signalReceived(.hangUp), then: .fixture(),
      commands: [
        NotificationsCommand.post(
          title: "Reloading", body: "SIGHUP received: reloading the data.", kind: .system)
      ])
  }

  @Test(
    "SIGINT and SIGTERM change nothing here: shutting down is the app's job",
    arguments: [
      OSSignal.interrupt, .terminate,
    ])
  func shutdownSignals(signal: OSSignal) {
    assertUpdate(
      updater, given: .fixture(), when: NotificationsMessage.signalReceived(signal), then: .fixture())
  }

  // MARK: - Inbox

  @Test("a posted notification goes to the top of the inbox")
  func posted() {
    let model = AppModel(notifications: NotificationsModel(inbox: [.fixture(1)]))
    assertUpdate(updater, given: model, when: NotificationsMessage.posted(.fixture(2))) {
      $0.notifications = NotificationsModel(inbox: [.fixture(2), .fixture(1)])
    }
  }

  @Test("a full inbox drops its oldest read notification to make room")
  func postedAtCapacity() {
    let model = AppModel(
      notifications: NotificationsModel(
        inbox: [.fixture(3), .fixture(2, isRead: true), .fixture(1)], capacity: 3))
    assertUpdate(updater, given: model, when: NotificationsMessage.posted(.fixture(4))) {
      $0.notifications = NotificationsModel(inbox: [.fixture(4), .fixture(3), .fixture(1)], capacity: 3)
    }
  }

  @Test("read marks the notification read")
  func read() {
    let model = AppModel(notifications: NotificationsModel(inbox: [.fixture(2), .fixture(1)]))
    assertUpdate(updater, given: model, when: NotificationsMessage.read(NotificationID(rawValue: 1))) {
      $0.notifications = NotificationsModel(inbox: [.fixture(2), .fixture(1, isRead: true)])
    }
  }

  @Test("dismissed removes the notification")
  func dismissed() {
    let model = AppModel(notifications: NotificationsModel(inbox: [.fixture(2), .fixture(1)]))
    assertUpdate(updater, given: model, when: NotificationsMessage.dismissed(NotificationID(rawValue: 2))) {
      $0.notifications = NotificationsModel(inbox: [.fixture(1)])
    }
  }

  @Test("allCleared empties the inbox")
  func allCleared() {
    let model = AppModel(notifications: NotificationsModel(inbox: [.fixture(2), .fixture(1)]))
    assertUpdate(updater, given: model, when: NotificationsMessage.allCleared, then: AppModel())
  }
}
