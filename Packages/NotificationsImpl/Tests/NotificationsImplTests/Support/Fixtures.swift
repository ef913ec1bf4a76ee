import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import GRDB
import NotificationsAPI
import NotificationsImpl
import TodoAPI

/// The part of an app model this feature reads: the app's time, the to-do slice and the
/// notifications slice.
struct AppModel: Equatable, Sendable {
  /// The app's time, as the App keeps it: the feature reads it and never moves it.
  var now: Date?
  var todos = TodoModel()
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

/// The to-do slice's updater as far as these tests need it (TodoImpl is out of reach by design):
/// stored items replace the ones in the model.
struct TodoSliceUpdater: TypedUpdater {
  func update(_ model: inout TodoModel, message: TodoMessage) -> [any Command] {
    switch message {
    case .added(let item, _, _), .renamed(let item, _), .toggled(let item, _), .dueDateChanged(let item, _):
      model.upsert(item)
    case .removed(let ids, _):
      model.remove(ids)
    case .loaded(_, let items):
      model.replaceItems(with: items)
    default:
      break
    }
    return []
  }
}

/// The app-level wiring of the feature, as the App does it: the app's time first, so the feature
/// reads the time the clock message set.
enum Wiring {
  static let updater = CombinedUpdater<AppModel>(
    .slice(\.now, ClockUpdater()),
    .slice(\.todos, TodoSliceUpdater()),
    .full(
      NotificationsUpdater(
        todos: \.todos, notifications: \.notifications, now: \.now, movedBy: ClockMessage.self)))

  static let subscriptions = CombinedSubscriptionProvider<AppModel>(
    .full(NotificationsSubscriptions(notifications: \.notifications)))

  /// The same, as the App composes features: the app's time (its updater; the test moves it by
  /// sending ``ClockMessage``), the to-do slice's updater, then the notifications feature, its
  /// interpreter and alarms on a ``TestTime``.
  static let composition = Composition<AppModel, TestTime>(
    features: [
      Feature("Clock", updater: .slice(\.now, ClockUpdater()), messageTypes: [ClockMessage.self]),
      Feature("Todo", updater: .slice(\.todos, TodoSliceUpdater())),
      .notifications(todos: \.todos, notifications: \.notifications, now: \.now, movedBy: ClockMessage.self),
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
  /// up to it and scheduled the reminders of the nearest items due after it, and holds `items`.
  static func fixture(
    now: TimeInterval? = 0, items: [TodoItem] = []
  )
    -> AppModel
  {
    var model = AppModel(
      now: now.map(Date.t0(plus:)), todos: TodoModel(items: items),
      notifications: NotificationsModel(watchedUntil: now.map(Date.t0(plus:))))
    model.notifications.scheduleReminders(for: model.todos)
    return model
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
