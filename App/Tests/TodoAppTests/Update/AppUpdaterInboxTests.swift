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
