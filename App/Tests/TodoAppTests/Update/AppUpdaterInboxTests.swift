import Core
import CoreTesting
import Foundation
import NotificationsAPI
import Testing
import TodoApp

@Suite("AppUpdater: the notifications inbox")
struct AppUpdaterInboxTests {
  private let reminder = InAppNotification(
    id: NotificationID(rawValue: 7), title: "Reminder", body: "“Buy milk” is due now.", time: AppFixture.now,
    kind: .system)

  private var withInbox: AppModel {
    var model = AppFixture.signedIn
    model.notifications.post(reminder)
    model.ui.announcedNotification = reminder.id
    return model
  }

  @Test("read N marks the notification at that position read")
  func read() {
    assertUpdate(AppUpdater(), given: withInbox, when: AppFixture.intent(.notifications(.read(position: 1))))
    {
      $0.notifications.markRead(reminder.id)
      $0.ui.say("Marked read.")
    }
  }

  @Test("dismiss N removes the notification at that position")
  func dismiss() {
    assertUpdate(
      AppUpdater(), given: withInbox, when: AppFixture.intent(.notifications(.dismiss(position: 1)))
    ) {
      $0.notifications.dismiss(reminder.id)
      $0.ui.say("Dismissed.")
    }
  }

  @Test("the inbox while signed out and empty asks to sign in; notices kept for a signed-out user show")
  func signedOut() {
    assertUpdate(AppUpdater(), given: AppModel(), when: AppFixture.intent(.notifications(.show))) {
      $0.ui.fail("Sign in first (login NAME, or register NAME).")
    }
    var notice = AppModel()
    notice.notifications.post(reminder)
    notice.ui.announcedNotification = reminder.id
    // Reading the inbox marks what it shows read (issue 59: they stayed unread until `read N`).
    assertUpdate(AppUpdater(), given: notice, when: AppFixture.intent(.notifications(.show))) {
      $0.ui.say("Notifications (1 unread):")
      $0.ui.say("1. ● 2026-11-22 12:00  Reminder: “Buy milk” is due now.")
      $0.notifications.markRead(reminder.id)
    }
  }

  @Test("clear empties the inbox")
  func clear() {
    assertUpdate(AppUpdater(), given: withInbox, when: AppFixture.intent(.notifications(.clear))) {
      $0.notifications.clear()
      $0.ui.say("Inbox cleared.")
    }
  }

  @Test("a position past the inbox is explained")
  func missingPosition() {
    assertUpdate(AppUpdater(), given: withInbox, when: AppFixture.intent(.notifications(.read(position: 2))))
    {
      $0.ui.fail("There is no notification 2; the inbox has 1.")
    }
  }
}
