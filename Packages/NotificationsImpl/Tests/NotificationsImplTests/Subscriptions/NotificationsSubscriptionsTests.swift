import Core
import CoreTesting
import Foundation
import NotificationsAPI
import NotificationsImpl
import Testing
import TodoAPI

/// The alarms the feature asks for: one per pending reminder (an element of
/// `NotificationsModel.reminders`), kept by the updater from the list and the judged time.
@Suite("NotificationsSubscriptions")
struct NotificationsSubscriptionsTests {
  private let provider = NotificationsSubscriptions<AppModel>(notifications: \.notifications)

  /// The alarms `model` asks for, by item; every subscription must be a reminder's alarm.
  private func alarms(_ model: AppModel) -> [TodoID: Date] {
    var alarms: [TodoID: Date] = [:]
    for subscription in provider.subscriptions(for: model, message: nil) {
      let child = subscription as? ChildSubscription
      guard let id = child?.id as? TodoID, let alarm = child?.subscription as? ReminderSubscription else {
        Issue.record("Not a reminder's alarm: \(subscription)")
        continue
      }
      #expect(alarms[id] == nil, "two alarms for \(id)")
      alarms[id] = alarm.dueDate
    }
    return alarms
  }

  /// The alarms of `items`, as `alarms(_:)` returns them.
  private func alarms(of items: some Sequence<TodoItem>) -> [TodoID: Date] {
    Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.dueDate!) })
  }

  /// `model` after `message`, through the feature's updater.
  private func after(_ message: some Message, on model: AppModel) -> AppModel {
    Wiring.updater.result(of: message, on: model).model
  }

  @Test("one alarm per open item due after now; done, past, undated and due-now items get none")
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
    #expect(alarms(model) == alarms(of: [open, later]))
  }

  @Test("no alarms while the time is unknown")
  func nothingWithoutTime() {
    #expect(alarms(.fixture(now: nil, items: [.fixture("a", due: 600)])).isEmpty)
  }

  @Test("two items due at the same instant each have an alarm of their own")
  func siblingsHaveTheirOwn() {
    let first = TodoItem.fixture("a", due: 600)
    let second = TodoItem.fixture("b", due: 600)
    let subscriptions = provider.subscriptions(for: .fixture(items: [first, second]), message: nil)
    #expect(Set(subscriptions.map { AnyHashable($0) }).count == 2)
    #expect(alarms(.fixture(items: [first, second])) == alarms(of: [first, second]))
  }

  @Test("changing a due date replaces the reminder with one whose alarm is at the new date")
  func dueDateEditReplaces() {
    var item = TodoItem.fixture("a", due: 600)
    let model = AppModel.fixture(items: [item])
    item.dueDate = .t0(plus: 900)
    let changed = after(TodoMessage.dueDateChanged(item, owner: .ada), on: model)
    #expect(alarms(changed) == [item.id: .t0(plus: 900)])
    #expect(changed.notifications.reminders == [Reminder(id: item.id, dueDate: .t0(plus: 900))])
  }

  @Test("moving a due date into the past or removing it removes the reminder")
  func dueDateIntoThePast() {
    var past = TodoItem.fixture("a", due: 600)
    var undated = TodoItem.fixture("b", due: 600)
    var model = AppModel.fixture(items: [past, undated])
    past.dueDate = .t0(plus: -1)
    undated.dueDate = nil
    model = after(TodoMessage.dueDateChanged(past, owner: .ada), on: model)
    model = after(TodoMessage.dueDateChanged(undated, owner: .ada), on: model)
    #expect(alarms(model).isEmpty)
    #expect(model.notifications.reminders.isEmpty)
  }

  @Test("renaming an item keeps its reminder and its alarm: the title is read when it is posted")
  func renameKeeps() {
    var item = TodoItem.fixture("a", title: "Old", due: 600)
    let model = AppModel.fixture(items: [item])
    item.title = "New"
    let renamed = after(TodoMessage.renamed(item, owner: .ada), on: model)
    #expect(renamed.notifications.reminders == model.notifications.reminders)
    #expect(alarms(renamed) == alarms(of: [item]))
  }

  @Test("completing an item removes its reminder and leaves the others")
  func completionRemoves() {
    var done = TodoItem.fixture("a", due: 600)
    let other = TodoItem.fixture("b", due: 900)
    let model = AppModel.fixture(items: [done, other])
    done.isDone = true
    #expect(alarms(after(TodoMessage.toggled(done, owner: .ada), on: model)) == alarms(of: [other]))
  }

  @Test("a reminder that has rung is gone, with its alarm: now has reached its due date")
  func rungReminderIsGone() {
    let item = TodoItem.fixture("a", due: 600)
    let rung = after(item.reminderDue(at: 600), on: .fixture(items: [item]))
    #expect(alarms(rung).isEmpty)
    #expect(rung.notifications.reminders.isEmpty)
  }

  @Test("a reminder that has rung asks for no alarm, even before it goes")
  func rungAsksForNothing() {
    var model = AppModel.fixture(items: [.fixture("a", due: 600)])
    model.notifications.reminders[id: TodoID(rawValue: "a")]?.rang = .t0(plus: 600)
    #expect(alarms(model).isEmpty)
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
    #expect(alarms(.fixture(items: list)) == alarms(of: list.prefix(64)))
  }

  @Test("items due at the same instant beyond the limit are chosen by identity")
  func tiesByIdentity() {
    let list = (0..<70).map { TodoItem.fixture(String(format: "item-%03d", $0), due: 600) }
    #expect(alarms(.fixture(items: list)) == alarms(of: list.prefix(64)))
  }

  @Test("overdue, done and undated items take no place among the 64")
  func onlyOpenFutureItemsCount() {
    let overdue = (0..<100).map { TodoItem.fixture("overdue-\($0)", due: -Double($0) - 1) }
    let done = (0..<100).map { TodoItem.fixture("done-\($0)", isDone: true, due: 120 + Double($0)) }
    let undated = (0..<100).map { TodoItem.fixture("undated-\($0)") }
    let future = items(3, firstDue: 7200)
    #expect(alarms(.fixture(items: overdue + done + undated + future)) == alarms(of: future))
  }

  @Test("when the nearest reminder has rung, the 65th item takes its place")
  func nextInLineAfterRinging() {
    let list = items(65)
    let rung = after(list[0].reminderDue(at: 120), on: .fixture(items: list))
    #expect(alarms(rung) == alarms(of: list.dropFirst()))
  }

  @Test("when the app's time passes the nearest of a full set, the 65th item takes its place")
  func nextInLineAfterTheTimePasses() {
    let list = items(65)
    let ticked = after(ClockMessage.ticked(.t0(plus: 120)), on: .fixture(items: list))
    #expect(alarms(ticked) == alarms(of: list.dropFirst()))
    #expect(ticked.notifications.reminders.count == 64)
  }

  @Test("the app's time passing one of a few reminders takes just that one away")
  func timePassesOneOfAFew() {
    let list = items(3)
    let ticked = after(ClockMessage.ticked(.t0(plus: 150)), on: .fixture(items: list))
    #expect(alarms(ticked) == alarms(of: list.dropFirst()))
  }

  @Test("the first time the app tells brings the reminders of the items due after it")
  func firstTimeBringsReminders() {
    let list = items(3)
    #expect(alarms(after(ClockMessage.ticked(.t0), on: .fixture(now: nil, items: list))) == alarms(of: list))
  }

  @Test("completing one of the 64 brings in the 65th")
  func nextInLineAfterCompletion() {
    var list = items(65)
    let model = AppModel.fixture(items: list)
    list[10].isDone = true
    let open = list.filter { !$0.isDone }
    #expect(alarms(after(TodoMessage.toggled(list[10], owner: .ada), on: model)) == alarms(of: open))
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
    #expect(alarms(.fixture(items: list)) == alarms(of: expected))
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
