import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import NotificationsAPI
import NotificationsImpl
import Testing
import TodoAPI

@Suite("NotificationsUpdater")
struct NotificationsUpdaterTests {
  private let updater = Wiring.updater

  // MARK: - Reminders

  @Test("a reminder that rings at its due date moves now there and posts the item's reminder")
  func reminderDuePosts() {
    let item = TodoItem.fixture("a", title: "Water the plants", due: 300)
    assertUpdate(
      updater, given: .fixture(items: [item]),
      when: item.reminderDue(at: 300)
    ) {
      $0.notifications.watchedUntil = .t0(plus: 300)
      $0.notifications.post(
        InAppNotification(
          id: NotificationID(rawValue: 1), title: "Reminder", body: "“Water the plants” is due now.",
          time: .t0(plus: 300), kind: .reminder(item.id)))
      $0.notifications.reminders = []
    }
  }

  @Test("items due at the same instant are all posted when the first reminder rings")
  func sameInstant() {
    let first = TodoItem.fixture("a", due: 300)
    let second = TodoItem.fixture("b", due: 300)
    assertUpdate(
      updater, given: .fixture(items: [first, second]),
      when: first.reminderDue(at: 300)
    ) {
      $0.notifications.watchedUntil = .t0(plus: 300)
      $0.notifications.postReminder(of: first)
      $0.notifications.postReminder(of: second)
      $0.notifications.reminders = []
    }
  }

  @Test("a reminder that rings after its due date was already reached posts nothing")
  func lateReminder() {
    let first = TodoItem.fixture("a", due: 300)
    let second = TodoItem.fixture("b", due: 300)
    assertUpdate(
      updater, given: .fixture(now: 300, items: [first, second]),
      when: second.reminderDue(at: 300),
      then: .fixture(now: 300, items: [first, second]))
  }

  @Test("an item posted when now reached its due date is not posted again as time moves on")
  func postedOnce() {
    let item = TodoItem.fixture("a", due: 300)
    assertUpdate(
      updater, given: .fixture(now: 300, items: [item]),
      when: ClockMessage.ticked(.t0(plus: 301))
    ) {
      $0.now = .t0(plus: 301); $0.notifications.watchedUntil = .t0(plus: 301)
    }
  }

  @Test("a reminder for an item completed in the meantime posts nothing")
  func completedMeanwhile() {
    let item = TodoItem.fixture("a", isDone: true, due: 300)
    assertUpdate(
      updater, given: .fixture(items: [item]),
      when: item.reminderDue(at: 300)
    ) { $0.notifications.watchedUntil = .t0(plus: 300) }
  }

  @Test("a ring of the alarm for a due date that has since moved posts nothing and leaves the new alarm")
  func rescheduledMeanwhile() {
    let item = TodoItem.fixture("a", due: 900)
    assertUpdate(
      updater, given: .fixture(items: [item]),
      when: ElementMessage(item.id, ReminderMessage.rang(at: .t0(plus: 300)))
    ) { $0.notifications.watchedUntil = .t0(plus: 300) }
  }

  @Test("a reminder that rings a little late, within the grace period, still posts")
  func lateWithinGrace() {
    let item = TodoItem.fixture("a", due: 300)
    assertUpdate(
      updater, given: .fixture(items: [item]), when: item.reminderDue(at: 359)
    ) {
      $0.notifications.watchedUntil = .t0(plus: 359)
      $0.notifications.postReminder(of: item)
      $0.notifications.reminders = []
    }
  }

  @Test("on a stale time, a reminder for an overdue item rings with the real time and posts nothing")
  func staleTimeOverdueReminder() {
    // Told the time at t0, then nothing for six hours; an item due at t0 + 1 h arrives.
    let overdue = TodoItem.fixture("a", due: 3600)
    assertUpdate(
      updater, given: .fixture(now: 0, items: [overdue]), when: overdue.reminderDue(at: .sixHours)
    ) {
      $0.notifications.watchedUntil = .t0(plus: .sixHours)
      $0.notifications.reminders = []
    }
  }

  @Test("one stale reminder moves the judged time past all the others, which then post nothing either")
  func staleTimeManyOverdue() {
    let overdue = (0..<100).map { TodoItem.fixture("item-\($0)", due: 60 + Double($0) * 60) }
    var model = AppModel.fixture(now: 0, items: overdue)
    var commands: [any Command] = []
    for item in overdue.reversed() {
      _ = updater.update(&model, message: item.reminderDue(at: .sixHours), commands: &commands)
    }
    #expect(commands.isEmpty)
    var expected = AppModel.fixture(now: 0, items: overdue)
    expected.notifications.watchedUntil = .t0(plus: .sixHours)
    expected.notifications.reminders = []
    #expect(model == expected)
    #expect(model.notifications.inbox.isEmpty)
  }

  // MARK: - Clock

  @Test("a tick moves now forward")
  func tickMovesNow() {
    assertUpdate(updater, given: .fixture(now: 0), when: ClockMessage.ticked(.t0(plus: 1))) {
      $0.now = .t0(plus: 1)
      $0.notifications.watchedUntil = .t0(plus: 1)
    }
  }

  @Test("a tick from the past leaves now where it is")
  func tickNeverBackwards() {
    assertUpdate(
      updater, given: .fixture(now: 10), when: ClockMessage.ticked(.t0(plus: 5)),
      then: .fixture(now: 10))
  }

  @Test("a tick that passes a due date before the reminder rings posts the reminder")
  func tickOvertakesReminder() {
    let item = TodoItem.fixture("a", due: 30)
    assertUpdate(
      updater, given: .fixture(now: 29.5, items: [item]),
      when: ClockMessage.ticked(.t0(plus: 30.5))
    ) {
      $0.now = .t0(plus: 30.5)
      $0.notifications.watchedUntil = .t0(plus: 30.5)
      $0.notifications.postReminder(of: item)
      $0.notifications.reminders = []
    }
  }

  @Test("a time learned late posts only the items due within the grace period before it")
  func lateTimePostsOnlyTheGracePeriod() {
    let long = TodoItem.fixture("a", due: 100)
    let atTheEdge = TodoItem.fixture("b", due: 3540)
    let recent = TodoItem.fixture("c", due: 3541)
    let now = TodoItem.fixture("d", due: 3600)
    let later = TodoItem.fixture("e", due: 3601)
    assertUpdate(
      updater, given: .fixture(now: 0, items: [long, atTheEdge, recent, now, later]),
      when: ClockMessage.ticked(.t0(plus: 3600))
    ) {
      $0.now = .t0(plus: 3600)
      $0.notifications.watchedUntil = .t0(plus: 3600)
      $0.notifications.postReminder(of: recent)
      $0.notifications.postReminder(of: now)
      $0.notifications.reminders = [Reminder(id: later.id, dueDate: .t0(plus: 3601))]
    }
  }

  @Test("a tick beyond the last of a full set of reminders still posts the item that came due past them")
  func tickBeyondTheReminders() {
    // 70 items due a minute apart from t0 + 120 s: the reminders hold the first 64 only.
    let list = (0..<70).map { TodoItem.fixture(String(format: "item-%03d", $0), due: 120 + Double($0) * 60) }
    let last = list[69]
    assertUpdate(updater, given: .fixture(items: list), when: ClockMessage.ticked(last.dueDate!)) {
      $0.now = last.dueDate
      $0.notifications.watchedUntil = last.dueDate
      $0.notifications.postReminder(of: last)
      $0.notifications.reminders = []
    }
  }

  @Test("the grace period is a minute")
  func gracePeriod() {
    #expect(NotificationsUpdater<AppModel>.gracePeriod == .seconds(60))
  }

  @Test("the first time told posts nothing for items that became due before")
  func firstTimePostsNothing() {
    let overdue = TodoItem.fixture("a", due: -3600)
    assertUpdate(
      updater, given: .fixture(now: nil, items: [overdue]), when: ClockMessage.ticked(.t0)
    ) {
      $0.now = .t0; $0.notifications.watchedUntil = .t0
    }
  }

  // MARK: - Session expiry

  @Test("an expired session removes the user's notifications and posts a session-expired one")
  func sessionExpired() {
    let session = Session(
      id: SessionID(rawValue: 1), user: User(id: UserID(rawValue: 7), name: "ada"), expiresAt: .t0)
    let system = InAppNotification.fixture(2)
    let model = AppModel(
      notifications: NotificationsModel(
        inbox: [
          .fixture(3, kind: .reminder(TodoID(rawValue: "a"))), system, .fixture(1, kind: .sessionExpired),
        ], watchedUntil: .t0(plus: 50)))
    var expected = NotificationsModel(inbox: [system], watchedUntil: .t0(plus: 50))
    // Identities keep counting from the largest issued (3), though that notification left the inbox.
    expected.post(
      InAppNotification(
        id: NotificationID(rawValue: 4), title: "Session expired",
        body: "ada, your session has ended. Sign in again to continue.", time: .t0(plus: 50),
        kind: .sessionExpired))
    assertUpdate(
      updater, given: model, when: AuthenticationMessage.sessionExpired(session),
      then: AppModel(notifications: expected))
  }

  @Test("signing out removes reminders and session-expired notices and keeps system notifications")
  func signedOutClears() {
    let system = InAppNotification.fixture(2, isRead: true)
    let model = AppModel(
      notifications: NotificationsModel(inbox: [
        .fixture(4, kind: .reminder(TodoID(rawValue: "a"))), .fixture(3, kind: .sessionExpired), system,
        .fixture(1, isRead: true, kind: .reminder(TodoID(rawValue: "b"))),
      ]))
    // The counter keeps the largest identity issued: what is posted next never reuses one.
    assertUpdate(updater, given: model, when: AuthenticationMessage.signedOut) {
      $0.notifications.removeAll { $0 != system }
    }
  }

  @Test(
    "signing in removes what is left of the previous user, the session-expired notice, and asks for the time seen"
  )
  func signedInClears() {
    let session = Session(
      id: SessionID(rawValue: 2), user: User(id: UserID(rawValue: 8), name: "bob"), expiresAt: .t0)
    let system = InAppNotification.fixture(1)
    let model = AppModel(
      notifications: NotificationsModel(inbox: [.fixture(2, kind: .sessionExpired), system]))
    assertUpdate(
      updater, given: model, when: AuthenticationMessage.signedIn(session),
      commands: [NotificationsCommand.loadSeen(UserID(rawValue: 8))]
    ) {
      $0.notifications.removeAll { $0 != system }
      $0.notifications.user = UserID(rawValue: 8)
      $0.notifications.catchUp = .loadingSeen
    }
  }

  @Test(
    "other authentication messages change nothing here",
    arguments: [
      AuthenticationMessage.registered(User(id: UserID(rawValue: 7), name: "ada")), .noSavedSession,
      .signInFailed(.wrongCredentials),
    ])
  func otherAuthenticationMessages(message: AuthenticationMessage) {
    let model = AppModel(
      notifications: NotificationsModel(inbox: [.fixture(1, kind: .reminder(TodoID(rawValue: "a")))]))
    assertUpdate(updater, given: model, when: message, then: model)
  }
}
