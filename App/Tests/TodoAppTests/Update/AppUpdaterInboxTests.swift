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
    return model
  }

  @Test("read N marks the notification at that position read")
  func read() {
    assertUpdate(
      AppUpdater(), given: withInbox, when: AppFixture.intent(.notifications(.read(position: 1))),
      then: withInbox,
      commands: [NotificationsCommand.markRead(reminder.id)])
    assertUpdate(AppUpdater(), given: withInbox, when: NotificationsMessage.read(reminder.id)) {
      $0.ui.say("Marked read.")
    }
  }

  @Test("dismiss N removes the notification at that position")
  func dismiss() {
    assertUpdate(
      AppUpdater(), given: withInbox, when: AppFixture.intent(.notifications(.dismiss(position: 1))),
      then: withInbox, commands: [NotificationsCommand.dismiss(reminder.id)])
    assertUpdate(AppUpdater(), given: withInbox, when: NotificationsMessage.dismissed(reminder.id)) {
      $0.ui.say("Dismissed.")
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
