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
      provider, given: model, when: TodoMessage.dueDateChanged(item, owner: .ada),
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
      provider, given: .fixture(items: [done, other]), when: TodoMessage.toggled(done, owner: .ada),
      then: [other.reminder])
  }

  @Test("a reminder that has rung is not asked for again: now has reached its due date")
  func rungReminderIsGone() {
    let item = TodoItem.fixture("a", due: 600)
    assertSubscriptions(
      provider, given: .fixture(now: 600, items: [item]),
      when: item.reminderDue(at: 600),
      then: [])
  }

  // MARK: - The bound

  /// `count` open items due a minute apart from t0 + `first` seconds, named so that their
  /// identities sort like their due dates.
  private func items(_ count: Int, firstDue first: TimeInterval = 120) -> [TodoItem] {
    (0..<count).map { TodoItem.fixture(String(format: "item-%03d", $0), due: first + Double($0) * 60) }
  }

  @Test("at most 64 reminders: those of the items due soonest")
  func nearest64() {
    let list = items(100)
    assertSubscriptions(
      provider, given: .fixture(items: list), then: list.prefix(64).map(\.reminder))
  }

  @Test("items due at the same instant beyond the limit are chosen by identity")
  func tiesByIdentity() {
    let list = (0..<70).map { TodoItem.fixture(String(format: "item-%03d", $0), due: 600) }
    assertSubscriptions(provider, given: .fixture(items: list), then: list.prefix(64).map(\.reminder))
  }

  @Test("overdue, done and undated items take no place among the 64")
  func onlyOpenFutureItemsCount() {
    let overdue = (0..<100).map { TodoItem.fixture("overdue-\($0)", due: -Double($0) - 1) }
    let done = (0..<100).map { TodoItem.fixture("done-\($0)", isDone: true, due: 120 + Double($0)) }
    let undated = (0..<100).map { TodoItem.fixture("undated-\($0)") }
    let future = items(3, firstDue: 7200)
    assertSubscriptions(
      provider, given: .fixture(items: overdue + done + undated + future), then: future.map(\.reminder))
  }

  @Test("when the nearest reminder has rung, the 65th item takes its place")
  func nextInLineAfterRinging() {
    let list = items(65)
    // The next one is a minute away, hence the countdown tick.
    assertSubscriptions(
      provider, given: .fixture(now: 120, items: list), when: list[0].reminderDue(at: 120),
      then: list.dropFirst().map(\.reminder) + [TickSubscription(interval: .seconds(1))])
  }

  @Test("completing one of the 64 brings in the 65th")
  func nextInLineAfterCompletion() {
    var list = items(65)
    list[10].isDone = true
    let open = list.filter { !$0.isDone }
    assertSubscriptions(
      provider, given: .fixture(items: list), when: TodoMessage.toggled(list[10], owner: .ada),
      then: open.map(\.reminder))
  }

  @Test("the limit is published as 64")
  func publishedLimit() {
    #expect(NotificationsSubscriptions<AppModel>.reminderLimit == 64)
  }

  @Test(
    "from thousands of due dates, ties and overdue ones included, exactly the 64 nearest",
    arguments: [1, 2, 3] as [UInt64])
  func nearestOfMany(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    // Due dates from an hour ago to a day ahead, on a coarse grid so that many coincide.
    let list = (0..<5000).map { index in
      TodoItem.fixture(
        "item-\(index)", isDone: random.next() % 10 == 0, due: Double(Int(random.next() % 1500) - 60) * 60)
    }
    let expected = list.filter { !$0.isDone && $0.dueDate! > .t0 }
      .sorted { ($0.dueDate!, $0.id) < ($1.dueDate!, $1.id) }
      .prefix(64)
    let tick = expected.first!.dueDate! <= .t0(plus: 60) ? [TickSubscription(interval: .seconds(1))] : []
    assertSubscriptions(provider, given: .fixture(items: list), then: expected.map(\.reminder) + tick)
  }

  // MARK: - The tick

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

/// A small deterministic generator (SplitMix64), so a failing case can be replayed.
private struct SeededRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
