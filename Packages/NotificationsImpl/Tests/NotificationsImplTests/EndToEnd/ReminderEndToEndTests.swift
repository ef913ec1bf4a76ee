import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import NotificationsAPI
import NotificationsImpl
import Testing
import TodoAPI

/// The feature wired as the App wires it (a feature in a composition), driven through a store on a test clock: no real time
/// passes.
@Suite("Reminders end to end")
@MainActor
struct ReminderEndToEndTests {
  private let time: TestTime

  init() throws { time = try TestTime() }
  private let item = TodoItem.fixture("a", title: "Call the plumber", due: 300)

  private func makeStore() -> TestStore<AppModel> {
    makeStore(items: [item])
  }

  /// A store told the time once, at t0 (as the App does at launch), holding `items`.
  private func makeStore(items: [TodoItem]) -> TestStore<AppModel> {
    TestStore(model: .fixture(now: 0, items: items), composition: Wiring.composition, environment: time)
  }

  private var expectedNotification: InAppNotification {
    InAppNotification(
      id: NotificationID(rawValue: 1), title: "Reminder", body: "“Call the plumber” is due now.",
      time: .t0(plus: 300), kind: .reminder(item.id))
  }

  @Test("a to-do due in 5 minutes posts exactly one notification when the clock advances 5 minutes")
  func postsOnce() async {
    let store = makeStore()
    store.start()
    store.expectSubscriptions(started: [item.reminder])
    await time.clock.waitForSleepers(count: 1)

    await time.clock.jump(by: .seconds(300))

    await store.receive(item.reminderDue(at: 300)) {
      $0.notifications.watchedUntil = .t0(plus: 300)
      $0.notifications.post(expectedNotification)
      $0.notifications.reminders = []
    }
    store.expectSubscriptions(stopped: [item.reminder])
    await store.finish()
    #expect(store.model.notifications.inbox == [expectedNotification])
  }

  @Test("the app's time passing the due date before the alarm rings posts the reminder and stops the alarm")
  func appTimeOvertakesTheAlarm() async {
    let store = makeStore()
    store.start()
    store.expectSubscriptions(started: [item.reminder])
    await time.clock.waitForSleepers(count: 1)

    store.send(ClockMessage.ticked(.t0(plus: 300.5))) {
      $0.now = .t0(plus: 300.5)
      $0.notifications.watchedUntil = .t0(plus: 300.5)
      $0.notifications.post(
        InAppNotification(
          id: NotificationID(rawValue: 1), title: "Reminder", body: "“Call the plumber” is due now.",
          time: .t0(plus: 300.5), kind: .reminder(item.id)))
      $0.notifications.reminders = []
    }
    store.expectSubscriptions(stopped: [item.reminder])
    await store.finish()
    #expect(time.clock.sleeperCount == 0)
  }

  @Test("the notification is posted by the reminder's own message, caused by the reminder: no command")
  func causeChain() async throws {
    let store = makeStore()
    let journal = EventJournal()
    store.store.addMonitor(journal)
    store.exhaustivity = .off
    store.start()
    await time.clock.waitForSleepers(count: 1)
    await time.clock.jump(by: .seconds(300))
    await store.receive(ElementMessage<TodoID, ReminderMessage>.self) { $0.id == item.id }
    await store.finish()

    let reminder = try #require(
      journal.started.first {
        ($0.subscription as? ChildSubscription)?.subscription as? ReminderSubscription
          == ReminderSubscription(dueDate: item.dueDate!)
      })
    let due = try #require(journal.processed.first { $0.message is ElementMessage<TodoID, ReminderMessage> })
    #expect(due.cause == .subscription(reminder.id))
    #expect(journal.commands.isEmpty)
    #expect(journal.processed.count == 1)
    #expect(store.model.notifications.inbox == [expectedNotification])
  }

  @Test("a to-do completed before it is due posts nothing when the clock passes its due date")
  func completedPostsNothing() async {
    let store = makeStore()
    store.start()
    store.expectSubscriptions(started: [item.reminder])
    await time.clock.waitForSleepers(count: 1)

    var done = item
    done.isDone = true
    store.send(TodoMessage.toggled(done, owner: .ada)) {
      $0.notifications.dueSoon?.apply(done)
      $0.notifications.reminders = []
    }
    store.expectSubscriptions(stopped: [item.reminder])
    await time.clock.advance(by: .seconds(300))

    #expect(time.clock.sleeperCount == 0)
    await store.finish()
    #expect(store.model.notifications.inbox.isEmpty)
  }

  @Test("a due date moved later rings at the new date only")
  func rescheduled() async {
    let store = makeStore()
    store.start()
    store.expectSubscriptions(started: [item.reminder])
    await time.clock.waitForSleepers(count: 1)

    var moved = item
    moved.dueDate = .t0(plus: 600)
    store.send(TodoMessage.dueDateChanged(moved, owner: .ada)) {
      $0.notifications.dueSoon?.apply(moved)
      $0.notifications.reminders = [Reminder(id: item.id, dueDate: .t0(plus: 600))]
    }
    store.expectSubscriptions(started: [moved.reminder], stopped: [item.reminder])
    await time.clock.waitForSleepers(count: 1)
    await time.clock.advance(by: .seconds(300))
    #expect(time.clock.sleeperCount == 1)

    await time.clock.jump(by: .seconds(300))
    let notification = InAppNotification(
      id: NotificationID(rawValue: 1), title: "Reminder", body: "“Call the plumber” is due now.",
      time: .t0(plus: 600), kind: .reminder(item.id))
    await store.receive(moved.reminderDue(at: 600)) {
      $0.notifications.watchedUntil = .t0(plus: 600)
      $0.notifications.post(notification)
      $0.notifications.reminders = []
    }
    store.expectSubscriptions(stopped: [moved.reminder])
    await store.finish()
  }

  // MARK: - A stale time

  @Test("an overdue item added while the model's time is stale posts nothing")
  func staleTimeOverdueItem() async {
    // Told the time at launch (t0), nothing since; six hours later an item due at t0 + 1 h is added.
    let store = makeStore(items: [])
    store.start()
    await time.clock.advance(by: .seconds(6 * 3600))
    let overdue = TodoItem.fixture("late", due: 3600)
    store.send(TodoMessage.added(overdue, number: 1, owner: .ada)) {
      $0.notifications.dueSoon?.apply(overdue)
      $0.notifications.reminders = [Reminder(id: overdue.id, dueDate: .t0(plus: 3600))]
    }
    store.expectSubscriptions(started: [overdue.reminder])

    // It rings at once with the real time, which moves now and posts nothing.
    await store.receive(overdue.reminderDue(at: .sixHours)) {
      $0.notifications.watchedUntil = .t0(plus: .sixHours)
      $0.notifications.reminders = []
    }
    store.expectSubscriptions(stopped: [overdue.reminder])
    await store.finish()
    #expect(store.model.notifications.inbox.isEmpty)
  }

  @Test("with the app's time fresh, as its clock keeps it, an overdue item asks for no reminder")
  func freshTimeOverdueItem() async {
    let store = makeStore(items: [])
    store.start()
    await time.clock.advance(by: .seconds(6 * 3600))
    store.send(ClockMessage.ticked(.t0(plus: .sixHours))) {
      $0.now = .t0(plus: .sixHours)
      $0.notifications.watchedUntil = .t0(plus: .sixHours)
    }
    let overdue = TodoItem.fixture("late", due: 3600)
    store.send(TodoMessage.added(overdue, number: 1, owner: .ada)) {
      $0.notifications.dueSoon?.apply(overdue)
    }
    await store.finish()
    #expect(store.store.activeSubscriptions.isEmpty)
  }

  @Test("reading hundreds of overdue items on a stale time starts 64 reminders and posts nothing")
  func noFlood() async {
    let store = makeStore(items: [])
    store.start()
    await time.clock.advance(by: .seconds(6 * 3600))
    // Due from t0 + 1 h to t0 + 5 h: all overdue, all after the stale now.
    let overdue = (0..<500).map {
      TodoItem.fixture(String(format: "late-%03d", $0), due: 3600 + Double($0) * 28)
    }
    store.send(TodoMessage.dueSoon(.all(of: overdue, after: .t0), owner: .ada)) {
      $0.notifications.dueSoon = .all(of: overdue, after: .t0)
      $0.notifications.reminders = IdentifiedArray(
        overdue.prefix(64).map { Reminder(id: $0.id, dueDate: $0.dueDate!) })
    }
    store.expectSubscriptions(started: overdue.prefix(64).map(\.reminder))

    // Every one of them rings at once; whichever arrives first brings now up to date, which stops
    // all the others.
    await store.receive(
      ElementMessage<TodoID, ReminderMessage>.self, where: { $0.message == .rang(at: .t0(plus: .sixHours)) }
    ) {
      $0.notifications.watchedUntil = .t0(plus: .sixHours)
      $0.notifications.reminders = []
    }
    store.expectSubscriptions(stopped: overdue.prefix(64).map(\.reminder))
    // Those that rang before they were stopped are still on their way; how many is up to the
    // scheduler. They change nothing either.
    store.exhaustivity = .off
    await store.skipReceivedMessages()
    store.expectCommands([])
    store.expectSubscriptions()
    await store.finish()
    #expect(store.model.notifications.inbox.isEmpty)
    #expect(store.model.notifications.watchedUntil == .t0(plus: .sixHours))
  }

  @Test("an item added while the time is stale, due later, posts exactly once when its time comes")
  func staleTimeFutureItem() async {
    let store = makeStore(items: [])
    store.start()
    await time.clock.advance(by: .seconds(6 * 3600))
    let soon = TodoItem.fixture("soon", title: "Call the plumber", due: .sixHours + 300)
    store.send(TodoMessage.added(soon, number: 1, owner: .ada)) {
      $0.notifications.dueSoon?.apply(soon)
      $0.notifications.reminders = [Reminder(id: soon.id, dueDate: .t0(plus: .sixHours + 300))]
    }
    store.expectSubscriptions(started: [soon.reminder])
    await time.clock.waitForSleepers(count: 1)

    // One jump past the due date: the reminder rings alone, with the time it woke.
    await time.clock.jump(by: .seconds(300))
    let notification = InAppNotification(
      id: NotificationID(rawValue: 1), title: "Reminder", body: "“Call the plumber” is due now.",
      time: .t0(plus: .sixHours + 300), kind: .reminder(soon.id))
    await store.receive(soon.reminderDue(at: .sixHours + 300)) {
      $0.notifications.watchedUntil = .t0(plus: .sixHours + 300)
      $0.notifications.post(notification)
      $0.notifications.reminders = []
    }
    store.expectSubscriptions(stopped: [soon.reminder])
    await store.finish()
    #expect(store.model.notifications.inbox == [notification])
  }
}

/// Keeps the records a cause-chain test needs.
@MainActor
private final class EventJournal: StoreMonitor {
  var processed: [MessageRecord] = []
  var commands: [CommandRecord] = []
  var started: [SubscriptionRecord] = []

  func receive(_ event: StoreEvent<AppModel>) {
    switch event {
    case .messageProcessed(let record, _, let emitted, _):
      processed.append(record)
      commands.append(contentsOf: emitted)
    case .subscriptionStarted(let record, _):
      started.append(record)
    default:
      break
    }
  }
}
