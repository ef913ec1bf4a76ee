import Core
import CoreTesting
import Foundation
import NotificationsAPI
import NotificationsImpl
import Testing
import TodoAPI

/// The feature wired as the App wires it, driven through a store on a test clock: no real time
/// passes.
@Suite("Reminders end to end")
@MainActor
struct ReminderEndToEndTests {
  private let time = TestTime()
  private let item = TodoItem.fixture("a", title: "Call the plumber", due: 300)

  private func makeStore() -> TestStore<AppModel> {
    let store = TestStore(
      model: .fixture(now: 0, items: [item]), updater: Wiring.updater, subscriptions: Wiring.subscriptions)
    store.register(NotificationsInterpreter(now: time.now))
    store.register(
      subscriptions: ReminderSubscription.self, run: ReminderRunner(clock: time.clock, now: time.now).run)
    store.register(
      subscriptions: TickSubscription.self, run: TickRunner(clock: time.clock, now: time.now).run)
    return store
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

    await time.clock.advance(by: .seconds(300))

    await store.receive(NotificationsMessage.reminderDue(item.id, title: item.title, dueDate: .t0(plus: 300)))
    {
      $0.notifications.now = .t0(plus: 300)
    }
    store.expectCommands([item.reminderPost])
    store.expectSubscriptions(stopped: [item.reminder])
    await store.receive(NotificationsMessage.posted(expectedNotification)) {
      $0.notifications.post(expectedNotification)
    }
    await store.finish()
    #expect(store.model.notifications.inbox == [expectedNotification])
  }

  @Test("a minute before the due date the countdown tick starts and moves the time every second")
  func countdown() async {
    let store = makeStore()
    store.start()
    store.expectSubscriptions(started: [item.reminder])
    await time.clock.waitForSleepers(count: 1)

    await time.clock.advance(by: .seconds(240))
    await store.receive(NotificationsMessage.clockTicked(.t0(plus: 240))) {
      $0.notifications.now = .t0(plus: 240)
    }
    store.expectSubscriptions(started: [TickSubscription(interval: .seconds(1))])
    await time.clock.waitForSleepers(count: 2)
    await time.clock.advance(by: .seconds(1))
    await store.receive(NotificationsMessage.clockTicked(.t0(plus: 241))) {
      $0.notifications.now = .t0(plus: 241)
    }
    await store.finish()
  }

  @Test("the posted notification's cause leads back through the post command to the reminder")
  func causeChain() async throws {
    let store = makeStore()
    let journal = EventJournal()
    store.store.addMonitor(journal)
    store.exhaustivity = .off
    store.start()
    await time.clock.waitForSleepers(count: 1)
    await time.clock.advance(by: .seconds(300))
    await store.receive(NotificationsMessage.self) { if case .posted = $0 { true } else { false } }
    await store.finish()

    let reminder = try #require(
      journal.started.first { $0.subscription as? ReminderSubscription == item.reminder })
    let due = try #require(journal.processed.first { $0.message is NotificationsMessage })
    let post = try #require(journal.commands.first)
    let posted = try #require(journal.processed.last)
    #expect(due.cause == .subscription(reminder.id))
    #expect(post.emittedBy == due.id)
    #expect(posted.cause == .command(post.id, emittedBy: due.id))
    #expect(posted.message as? NotificationsMessage == .posted(expectedNotification))
  }

  @Test("a to-do completed before it is due posts nothing when the clock passes its due date")
  func completedPostsNothing() async {
    let store = makeStore()
    store.start()
    store.expectSubscriptions(started: [item.reminder])
    await time.clock.waitForSleepers(count: 1)

    var done = item
    done.isDone = true
    store.send(TodoMessage.toggled(done)) { $0.todos.upsert(done) }
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
    store.send(TodoMessage.dueDateChanged(moved)) { $0.todos.upsert(moved) }
    store.expectSubscriptions(started: [moved.reminder], stopped: [item.reminder])
    await time.clock.waitForSleepers(count: 1)
    await time.clock.advance(by: .seconds(300))
    #expect(time.clock.sleeperCount == 1)

    await time.clock.advance(by: .seconds(300))
    await store.receive(NotificationsMessage.reminderDue(item.id, title: item.title, dueDate: .t0(plus: 600)))
    {
      $0.notifications.now = .t0(plus: 600)
    }
    store.expectCommands([moved.reminderPost])
    store.expectSubscriptions(stopped: [moved.reminder])
    let notification = InAppNotification(
      id: NotificationID(rawValue: 1), title: "Reminder", body: "“Call the plumber” is due now.",
      time: .t0(plus: 600), kind: .reminder(item.id))
    await store.receive(NotificationsMessage.posted(notification)) { $0.notifications.post(notification) }
    await store.finish()
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
