import CoreTesting
import Foundation
import NotificationsAPI
import NotificationsImpl
import Testing
import TodoAPI

@Suite("NotificationsSubscriptions")
struct NotificationsSubscriptionsTests {
  private let provider = NotificationsSubscriptions<AppModel>(todos: \.todos, notifications: \.notifications)

  @Test("one reminder per open item due after now; done, past, undated and due-now items get none")
  func remindersForOpenFutureItems() {
    let open = TodoItem.fixture("a", due: 600)
    let later = TodoItem.fixture("b", due: 7200)
    let model = AppModel.fixture(
      now: 0,
      items: [
        open, later,
        .fixture("done", isDone: true, due: 600),
        .fixture("past", due: -60),
        .fixture("due-now", due: 0),
        .fixture("undated"),
      ])
    assertSubscriptions(provider, given: model, then: [open.reminder, later.reminder])
  }

  @Test("no reminders while the time is unknown")
  func nothingWithoutTime() {
    let model = AppModel.fixture(now: nil, items: [.fixture("a", due: 600)])
    assertSubscriptions(provider, given: model, then: [])
  }

  @Test("changing a due date replaces the reminder with one at the new date")
  func dueDateEditReplaces() {
    var item = TodoItem.fixture("a", due: 600)
    var model = AppModel.fixture(items: [item])
    item.dueDate = .t0(plus: 900)
    model.todos.upsert(item)
    assertSubscriptions(
      provider, given: model, when: TodoMessage.dueDateChanged(item),
      then: [ReminderSubscription(todo: item.id, title: item.title, dueDate: .t0(plus: 900))])
  }

  @Test("moving a due date into the past or removing it removes the reminder")
  func dueDateIntoThePast() {
    var past = TodoItem.fixture("a", due: 600)
    past.dueDate = .t0(plus: -1)
    var undated = TodoItem.fixture("b", due: 600)
    undated.dueDate = nil
    assertSubscriptions(provider, given: .fixture(items: [past, undated]), then: [])
  }

  @Test("renaming an item replaces its reminder, which carries the title")
  func renameReplaces() {
    var item = TodoItem.fixture("a", title: "Old", due: 600)
    item.title = "New"
    assertSubscriptions(
      provider, given: .fixture(items: [item]),
      then: [ReminderSubscription(todo: item.id, title: "New", dueDate: .t0(plus: 600))])
  }

  @Test("completing an item removes its reminder and leaves the others")
  func completionRemoves() {
    var done = TodoItem.fixture("a", due: 600)
    done.isDone = true
    let other = TodoItem.fixture("b", due: 900)
    assertSubscriptions(
      provider, given: .fixture(items: [done, other]), when: TodoMessage.toggled(done),
      then: [other.reminder])
  }

  @Test("a reminder that has rung is not asked for again: now has reached its due date")
  func rungReminderIsGone() {
    let item = TodoItem.fixture("a", due: 600)
    assertSubscriptions(
      provider, given: .fixture(now: 600, items: [item]),
      when: NotificationsMessage.reminderDue(item.id, title: item.title, dueDate: .t0(plus: 600)),
      then: [])
  }

  @Test("the three signal subscriptions while the app listens for signals")
  func signals() {
    assertSubscriptions(
      provider, given: .fixture(now: nil, listensForSignals: true),
      then: [
        SignalSubscription(signal: .interrupt), SignalSubscription(signal: .terminate),
        SignalSubscription(signal: .hangUp),
      ])
  }

  @Test("a one-second tick while a reminder is due within 60 seconds")
  func tickWithinAMinute() {
    let soon = TodoItem.fixture("a", due: 60)
    let later = TodoItem.fixture("b", due: 3600)
    assertSubscriptions(
      provider, given: .fixture(items: [later, soon]),
      then: [soon.reminder, later.reminder, TickSubscription(interval: .seconds(1))])
  }

  @Test("no tick while the nearest reminder is more than 60 seconds away")
  func noTickBeyondAMinute() {
    let item = TodoItem.fixture("a", due: 61)
    assertSubscriptions(provider, given: .fixture(items: [item]), then: [item.reminder])
  }

  @Test("no tick for a done item due within 60 seconds")
  func noTickForDoneItems() {
    assertSubscriptions(provider, given: .fixture(items: [.fixture("a", isDone: true, due: 30)]), then: [])
  }
}
