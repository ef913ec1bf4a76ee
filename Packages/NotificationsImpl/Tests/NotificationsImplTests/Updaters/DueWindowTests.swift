import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import NotificationsAPI
import NotificationsImpl
import Testing
import TodoAPI

/// The window of due items the reminders come from, as the database reads it: when it is asked
/// for, what a partial one covers, and what waits for the next one.
@Suite("NotificationsUpdater: the window of due items")
struct DueWindowTests {
  private let updater = Wiring.updater
  private let provider = NotificationsSubscriptions<AppModel>(notifications: \.notifications)

  /// Items due every 10 seconds from t0 + 10 s: `count` of them.
  private static func list(_ count: Int) -> [TodoItem] {
    (1...count).map { TodoItem.fixture(String(format: "item-%03d", $0), due: Double($0) * 10) }
  }

  /// The window the database reads from `items` after t0 + `after`: the first `limit`, partial
  /// when there are more.
  private static func window(of items: [TodoItem], after: TimeInterval, limit: Int) -> TodoDueWindow {
    let all = TodoDueWindow.all(of: items, after: .t0(plus: after)).items
    return TodoDueWindow(
      after: .t0(plus: after), items: Array(all.prefix(limit)), isComplete: all.count <= limit)
  }

  /// Ada signed in at t0 + `now`, all caught up, holding `window` (asked for from its start).
  private static func signedIn(now: TimeInterval, window: TodoDueWindow?) -> AppModel {
    var model = AppModel.fixture(now: now)
    model.notifications.user = .ada
    model.notifications.dueSoon = window
    model.notifications.dueWindowStart = window?.after ?? .t0(plus: now)
    model.notifications.seenStored = .t0(plus: now)
    model.notifications.scheduleReminders()
    return model
  }

  @Test("while someone is signed in the window is asked for from its start, 128 items; nobody's otherwise")
  func asksForTheWindow() {
    let model = Self.signedIn(now: 0, window: nil)
    let asked = provider.subscriptions(for: model, message: nil).compactMap { $0 as? TodoDueSubscription }
    #expect(asked.map(\.owner) == [.ada])
    #expect(asked.map(\.after) == [.t0])
    #expect(asked.map(\.limit) == [NotificationsModel.dueWindowLimit])
    #expect(NotificationsModel.dueWindowLimit == 128)
    let signedOut = updater.result(of: AuthenticationMessage.signedOut, on: model).model
    #expect(provider.subscriptions(for: signedOut, message: nil).isEmpty)
  }

  @Test("the window read is taken only if it is the one asked for, of the user signed in")
  func takesTheWindowAskedFor() {
    let items = Self.list(3)
    let model = Self.signedIn(now: 0, window: nil)
    let other = TodoDueWindow.all(of: items, after: .t0(plus: -5))
    assertUpdate(updater, given: model, when: TodoMessage.dueSoon(other, owner: .ada), then: model)
    let bobs = TodoDueWindow.all(of: items, after: .t0)
    assertUpdate(
      updater, given: model, when: TodoMessage.dueSoon(bobs, owner: UserID(rawValue: 8)), then: model)
    assertUpdate(updater, given: model, when: TodoMessage.dueSoon(bobs, owner: .ada)) {
      $0.notifications.dueSoon = bobs
      $0.notifications.reminders = IdentifiedArray(items.map { Reminder(id: $0.id, dueDate: $0.dueDate!) })
    }
  }

  @Test("a partial window is read again from now once fewer than 64 of its items remain ahead")
  func movesAsTimePasses() {
    let items = Self.list(300)
    let model = Self.signedIn(now: 0, window: Self.window(of: items, after: 0, limit: 128))
    // 64 items ahead at t0 + 640 s: the window stays.
    let kept = updater.result(of: ClockMessage.ticked(.t0(plus: 640)), on: model).model
    #expect(kept.notifications.dueWindowStart == .t0)
    #expect(kept.notifications.reminders.count == 64)
    // 63 ahead at t0 + 650 s: it is asked for from there, and the one held serves meanwhile.
    let moved = updater.result(of: ClockMessage.ticked(.t0(plus: 650)), on: kept).model
    #expect(moved.notifications.dueWindowStart == .t0(plus: 650))
    #expect(moved.notifications.reminders.map(\.id) == Array(items[65..<128]).map(\.id))
    #expect(moved.notifications.unjudgedAfter == nil)
    let asked = provider.subscriptions(for: moved, message: nil).compactMap { $0 as? TodoDueSubscription }
    #expect(asked.map(\.after) == [.t0(plus: 650)])
  }

  @Test(
    "the time passing the end of a partial window posts what it holds and waits for the window from its end, which posts the rest within the grace period"
  )
  func timePastTheEnd() {
    // A window of 5 items (due at 10 s … 50 s) of 300; the time jumps to 75 s.
    let items = Self.list(300)
    let model = Self.signedIn(now: 0, window: Self.window(of: items, after: 0, limit: 5))
    let jumped = updater.result(of: ClockMessage.ticked(.t0(plus: 75)), on: model)
    var expected = model
    expected.now = .t0(plus: 75)
    expected.notifications.watchedUntil = .t0(plus: 75)
    // Due at 15 s and later: within the minute's grace; 10 s is not.
    for item in items[1..<5] { expected.notifications.postReminder(of: item) }
    // Seen up to the window's end only: what lies after it waits (issue 56 review: storing 75 s
    // lost the reminders due in (50 s, 75 s] if the app quit before the next window came).
    expected.notifications.seenStored = .t0(plus: 50)
    expected.notifications.unjudgedAfter = .t0(plus: 50)
    expected.notifications.dueWindowStart = .t0(plus: 50)
    expected.notifications.reminders = []
    #expect(jumped.model == expected)
    #expect(jumped.commands as? [NotificationsCommand] == [.saveSeen(.ada, until: .t0(plus: 50))])

    // The window from 50 s: 60 s and 70 s came due on the way, 80 s is ahead.
    let next = Self.window(of: items, after: 50, limit: 128)
    assertUpdate(
      updater, given: jumped.model, when: TodoMessage.dueSoon(next, owner: .ada),
      commands: [NotificationsCommand.saveSeen(.ada, until: .t0(plus: 75))]
    ) {
      $0.notifications.dueSoon = next
      $0.notifications.postReminder(of: items[5])
      $0.notifications.postReminder(of: items[6])
      $0.notifications.unjudgedAfter = nil
      $0.notifications.seenStored = .t0(plus: 75)
      $0.notifications.reminders = IdentifiedArray(
        items[7..<71].map { Reminder(id: $0.id, dueDate: $0.dueDate!) })
    }
  }

  @Test("before the first window arrives, the time passing waits for it; it then posts what came due")
  func timeBeforeTheFirstWindow() {
    let items = Self.list(3)
    let model = Self.signedIn(now: 0, window: nil)
    let ticked = updater.result(of: ClockMessage.ticked(.t0(plus: 15)), on: model).model
    #expect(ticked.notifications.unjudgedAfter == .t0)
    #expect(ticked.notifications.inbox.isEmpty)
    let window = TodoDueWindow.all(of: items, after: .t0)
    let arrived = updater.result(of: TodoMessage.dueSoon(window, owner: .ada), on: ticked).model
    #expect(arrived.notifications.inbox.map(\.kind) == [.reminder(items[0].id)])
    #expect(arrived.notifications.unjudgedAfter == nil)
    #expect(arrived.notifications.reminders.map(\.id) == items[1...].map(\.id))
  }

  @Test(
    "an item posted as just due while its span waited for the window is not posted again when the window comes"
  )
  func justDueWhileWaiting() {
    let model = Self.signedIn(now: 0, window: nil)
    // The time moves before the first window: (0 s, 30 s] waits for it.
    let ticked = updater.result(of: ClockMessage.ticked(.t0(plus: 30)), on: model).model
    #expect(ticked.notifications.unjudgedAfter == .t0)
    // `due 1 in 0m`: posted at once.
    let item = TodoItem.fixture("a", title: "Stretch", due: 30)
    let posted = updater.result(of: TodoMessage.dueDateChanged(item, owner: .ada), on: ticked).model
    #expect(posted.notifications.inbox.count { $0.kind == .reminder(item.id) } == 1)
    // The window, read after that change, holds the item: it is not posted a second time.
    let window = TodoDueWindow.all(of: [item], after: .t0)
    let arrived = updater.result(of: TodoMessage.dueSoon(window, owner: .ada), on: posted).model
    #expect(arrived.notifications.inbox.count { $0.kind == .reminder(item.id) } == 1)
    #expect(arrived.notifications.unjudgedAfter == nil)
  }

  @Test("another user's change leaves the window as it is; the user's own applies at once")
  func changesApply() {
    let items = Self.list(2)
    let model = Self.signedIn(now: 0, window: TodoDueWindow.all(of: items, after: .t0))
    var done = items[0]
    done.isDone = true
    assertUpdate(
      updater, given: model, when: TodoMessage.toggled(done, owner: UserID(rawValue: 8)), then: model)
    assertUpdate(updater, given: model, when: TodoMessage.toggled(done, owner: .ada)) {
      $0.notifications.dueSoon?.apply(done)
      $0.notifications.reminders.remove(id: done.id)
    }
  }
}
