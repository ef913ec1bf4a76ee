import Core
import CoreTesting
import Foundation
import NotificationsAPI
import Testing
import TodoAPI
import TodoApp

@Suite("The App's clock")
struct ClockTests {
  private let now = AppFixture.now

  @Test("a tick moves the App's time forward")
  func tickMovesTheTime() {
    assertUpdate(ClockUpdater(), given: now, when: SystemMessage.clockTicked(now + 1), then: now + 1)
  }

  @Test("the first tick sets the App's time")
  func firstTick() {
    assertUpdate(ClockUpdater(), given: nil, when: SystemMessage.clockTicked(now), then: now)
  }

  @Test("a tick from the past leaves the App's time where it is")
  func tickNeverBackwards() {
    assertUpdate(ClockUpdater(), given: now, when: SystemMessage.clockTicked(now - 5), then: now)
  }

  @Test("a line moves the App's time forward to the time it was typed, never back")
  func lineMovesTheTime() {
    assertUpdate(
      LineTimeUpdater(), given: now, when: AppMessage.intent(.help, at: now + 0.8), then: now + 0.8)
    assertUpdate(LineTimeUpdater(), given: now, when: AppMessage.intent(.help, at: now - 5), then: now)
    assertUpdate(LineTimeUpdater(), given: now, when: AppMessage.answered(.text("y")), then: now)
  }

  /// Ada with an item due 30 seconds after the App's time, which the notifications feature has seen:
  /// its reminder is pending.
  private var withItemDueSoon: AppModel {
    var model = AppFixture.signedIn
    model.now = now
    model.notifications.watchedUntil = now
    let item = TodoItem(id: TodoID(rawValue: "due"), title: "Stretch", dueDate: now + 30, createdAt: now)
    // The window of due items, as the database reads it.
    model.notifications.dueSoon = TodoDueWindow(after: now, items: [item], isComplete: true)
    model.notifications.dueWindowStart = now
    model.notifications.scheduleReminders()
    return model
  }

  @Test(
    "through the composition, the App's tick moves the time the notifications feature reads: it posts the reminder, shown as a banner"
  )
  func tickThroughTheComposition() {
    assertUpdate(
      AppComposition.composition.updater, given: withItemDueSoon, when: SystemMessage.clockTicked(now + 60)
    ) {
      $0.now = now + 60
      $0.notifications.watchedUntil = now + 60
      $0.notifications.post(
        InAppNotification(
          id: NotificationID(rawValue: 1), title: "Reminder", body: "“Stretch” is due now.", time: now + 60,
          kind: .reminder(TodoID(rawValue: "due"))))
      $0.ui.print(OutputLine(.banner, "🔔 Reminder: “Stretch” is due now."))
      $0.ui.announcedNotification = NotificationID(rawValue: 1)
      $0.notifications.reminders = []
    }
  }

  @Test("a reminder that rings posts its notification but leaves the App's time alone: only the App moves it")
  func reminderLeavesTheTime() {
    let rang = ElementMessage(TodoID(rawValue: "due"), ReminderMessage.rang(at: now + 30))
    let result = AppComposition.composition.updater.result(of: rang, on: withItemDueSoon).model
    #expect(result.now == now)
    #expect(result.notifications.watchedUntil == now + 30)
    #expect(result.notifications.inbox.map(\.title) == ["Reminder"])
  }

  @Test("a reminder's ring, addressed to the reminder, posts its notification and shows the banner at once")
  func ringShowsTheBanner() {
    let rang = ElementMessage(TodoID(rawValue: "due"), ReminderMessage.rang(at: now + 30))
    assertUpdate(AppComposition.composition.updater, given: withItemDueSoon, when: rang) {
      $0.notifications.watchedUntil = now + 30
      $0.notifications.post(
        InAppNotification(
          id: NotificationID(rawValue: 1), title: "Reminder", body: "“Stretch” is due now.", time: now + 30,
          kind: .reminder(TodoID(rawValue: "due"))))
      $0.ui.print(OutputLine(.banner, "🔔 Reminder: “Stretch” is due now."))
      $0.ui.announcedNotification = NotificationID(rawValue: 1)
      $0.notifications.reminders = []
    }
  }

  @Test("the App's clock asks for its own one-second tick, whatever the model: nothing else moves the time")
  func clockAsksForItsTick() throws {
    let provider = try #require(AppComposition.composition.subscriptions)
    for model in [AppModel(), AppFixture.signedIn] {
      let ticks = provider.subscriptions(for: model, message: nil).compactMap { $0 as? TickSubscription }
      #expect(ticks == [TickSubscription(interval: .seconds(1))])
    }
  }

  @Test("the composition's message types hold the App's clock message, so a trace of it replays")
  func replayable() {
    #expect(AppComposition.composition.messageTypes.contains { $0 == SystemMessage.self })
  }
}
