import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import GRDB
import NotificationsAPI
import NotificationsImpl
import TodoAPI

/// The part of an app model this feature reads: the to-do slice and the notifications slice.
struct AppModel: Equatable, Sendable {
  var todos = TodoModel()
  var notifications = NotificationsModel()
}

/// The to-do slice's updater as far as these tests need it (TodoImpl is out of reach by design):
/// stored items replace the ones in the model.
struct TodoSliceUpdater: TypedUpdater {
  func update(_ model: inout TodoModel, message: TodoMessage) -> [any Command] {
    switch message {
    case .added(let item, _), .renamed(let item, _), .toggled(let item, _), .dueDateChanged(let item, _):
      model.upsert(item)
    case .removed(let id, _):
      model.remove([id])
    case .loaded(_, let items):
      model.replaceItems(with: items)
    default:
      break
    }
    return []
  }
}

/// The app-level wiring of the feature, as the App does it.
enum Wiring {
  static let updater = CombinedUpdater<AppModel>(
    .slice(\.todos, TodoSliceUpdater()),
    .full(NotificationsUpdater(todos: \.todos, notifications: \.notifications)))

  static let subscriptions = CombinedSubscriptionProvider<AppModel>(
    .full(NotificationsSubscriptions(todos: \.todos, notifications: \.notifications)))

  /// The same, as the App composes features: the to-do slice's updater, then the notifications
  /// feature, its interpreter and runners on a ``TestTime``.
  static let composition = Composition<AppModel, TestTime>(
    features: [
      Feature("Todo", updater: .slice(\.todos, TodoSliceUpdater())),
      .notifications(todos: \.todos, notifications: \.notifications),
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
    TodoItem(
      id: TodoID(rawValue: id), title: title ?? "Item \(id)", isDone: isDone,
      dueDate: due.map(Date.t0(plus:)), createdAt: .t0)
  }

  /// The reminder this item asks for.
  var reminder: ReminderSubscription {
    ReminderSubscription(todo: id, title: title, dueDate: dueDate!)
  }

  /// The message this item's reminder sends when it rings at t0 + `at` seconds.
  func reminderDue(at seconds: TimeInterval) -> NotificationsMessage {
    .reminderDue(id, title: title, dueDate: dueDate!, at: .t0(plus: seconds))
  }

}

extension NotificationsModel {
  /// Posts the reminder the feature posts when `item` becomes due, as the tests expect it worded.
  mutating func postReminder(of item: TodoItem) {
    post(title: "Reminder", body: "“\(item.title)” is due now.", kind: .reminder(item.id))
  }
}

extension AppModel {
  /// A model that knows the time (`now` = t0 + `now` seconds) and holds `items`.
  static func fixture(
    now: TimeInterval? = 0, items: [TodoItem] = []
  )
    -> AppModel
  {
    AppModel(
      todos: TodoModel(items: items),
      notifications: NotificationsModel(now: now.map(Date.t0(plus:))))
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
