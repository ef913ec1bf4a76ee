import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import GRDB
import NotificationsAPI
import NotificationsImpl
import TodoAPI

/// The part of an app model this feature reads: the app's time and the notifications slice.
struct AppModel: Equatable, Sendable {
  /// The app's time, as the App keeps it: the feature reads it and never moves it.
  var now: Date?
  var notifications = NotificationsModel()
}

/// The app's own clock message, as the App has one: the feature never names it.
enum ClockMessage: Message, Hashable, Codable {
  case ticked(Date)
}

/// Moves the app's time forward, never back, as the App's clock does.
struct ClockUpdater: TypedUpdater {
  func update(_ model: inout Date?, message: ClockMessage) -> [any Command] {
    guard case .ticked(let date) = message, model.map({ date > $0 }) ?? true else { return [] }
    model = date
    return []
  }
}

/// The app-level wiring of the feature, as the App does it: the app's time first, so the feature
/// reads the time the clock message set.
enum Wiring {
  static let updater = CombinedUpdater<AppModel>(
    .slice(\.now, ClockUpdater()),
    .full(NotificationsUpdater(notifications: \.notifications, now: \.now, movedBy: ClockMessage.self)))

  static let subscriptions = CombinedSubscriptionProvider<AppModel>(
    .full(NotificationsSubscriptions(notifications: \.notifications)))

  /// The same, as the App composes features: the app's time (its updater; the test moves it by
  /// sending ``ClockMessage``), then the notifications feature, its interpreter and alarms on a
  /// ``TestTime``.
  static let composition = Composition<AppModel, TestTime>(
    features: [
      Feature("Clock", updater: .slice(\.now, ClockUpdater()), messageTypes: [ClockMessage.self]),
      .notifications(notifications: \.notifications, now: \.now, movedBy: ClockMessage.self),
    ])
}

/// A wall clock that moves with a `TestClock`: `now()` is `start` plus the test clock's offset,
/// and a database in memory. It is the environment of the notifications feature in tests.
struct TestTime: NotificationsEnvironment, Sendable {
  let clock = TestClock()
  let start: Date
  let database: any DatabaseWriter

  init(start: Date = .t0) throws {
    self.start = start
    self.database = try DatabaseQueue()
  }

  var now: @Sendable () -> Date {
    { [clock, start] in
      let (seconds, attoseconds) = clock.now.offset.components
      return start.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }
  }
}

extension Date {
  /// A fixed instant the tests start from.
  static let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)

  /// `seconds` after ``t0``.
  static func t0(plus seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }
}

extension TodoItem {
  /// An item created at ``Date/t0``.
  static func fixture(
    _ id: String, title: String? = nil, isDone: Bool = false, due: TimeInterval? = nil
  ) -> TodoItem {
    // Safe: the tests' titles are a few words, never empty.
    TodoItem(
      id: TodoID(rawValue: id), title: try! TodoTitle(validating: title ?? "Item \(id)"), isDone: isDone,
      dueDate: due.map(Date.t0(plus:)), createdAt: .t0)
  }

  /// The alarm this item's reminder asks for, as the store runs it: a subscription of the element.
  var reminder: ChildSubscription {
    ChildSubscription(id: id, ReminderSubscription(dueDate: dueDate!))
  }

  /// The message this item's alarm sends, addressed to its reminder, when it rings at t0 + `at`
  /// seconds.
  func reminderDue(at seconds: TimeInterval) -> ElementMessage<TodoID, ReminderMessage> {
    ElementMessage(id, ReminderMessage.rang(at: .t0(plus: seconds)))
  }

}

extension NotificationsModel {
  /// Posts the reminder the feature posts when `item` becomes due, as the tests expect it worded.
  mutating func postReminder(of item: TodoItem) {
    postNow(title: "Reminder", body: "“\(item.title)” is due now.", kind: .reminder(item.id))
  }

  /// Posts as the feature does: at the time it has judged due dates up to (the Unix epoch before
  /// any).
  @discardableResult
  mutating func postNow(title: String, body: String, kind: InAppNotification.Kind) -> InAppNotification {
    post(title: title, body: body, kind: kind, at: watchedUntil ?? Date(timeIntervalSince1970: 0))
  }
}

extension AppModel {
  /// A model that knows the time (`now` = t0 + `now` seconds), the feature having judged due dates
  /// up to it and scheduled the reminders of the nearest items due after it, and holds the window
  /// of `items`: all of them, as the database would read it from that time.
  static func fixture(
    now: TimeInterval? = 0, items: [TodoItem] = []
  )
    -> AppModel
  {
    var model = AppModel(
      now: now.map(Date.t0(plus:)), notifications: NotificationsModel(watchedUntil: now.map(Date.t0(plus:))))
    let after = now.map(Date.t0(plus:)) ?? .distantPast
    model.notifications.dueSoon = .all(of: items, after: after)
    model.notifications.dueWindowStart = after
    model.notifications.scheduleReminders()
    return model
  }
}

extension TodoDueWindow {
  /// The window the database reads from `items` after `after`, complete: every open item due after
  /// it, soonest first (ties by creation, then identity).
  static func all(of items: [TodoItem], after: Date) -> TodoDueWindow {
    let due = items.filter { !$0.isDone && ($0.dueDate.map { $0 > after } ?? false) }.sorted {
      ($0.dueDate!, $0.createdAt, $0.id.rawValue) < ($1.dueDate!, $1.createdAt, $1.id.rawValue)
    }
    return TodoDueWindow(after: after, items: due, isComplete: true)
  }
}

extension InAppNotification {
  /// An unread notification, a system one unless told, posted at t0 + `id` seconds.
  static func fixture(_ id: Int64, isRead: Bool = false, kind: Kind = .system) -> InAppNotification {
    InAppNotification(
      id: NotificationID(rawValue: id), title: "Title \(id)", body: "Body \(id)", time: .t0(plus: Double(id)),
      kind: kind, isRead: isRead)
  }
}

extension UserID {
  /// The user whose list the tests hold.
  static let ada = UserID(rawValue: 7)
}

extension TimeInterval {
  /// Six hours: how long the app has run without being told the time in the stale-time tests.
  static let sixHours: TimeInterval = 6 * 3600
}
