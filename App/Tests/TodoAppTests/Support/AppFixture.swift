import AuthenticationAPI
import Foundation
import Testing
import TodoAPI
import TodoApp

/// A signed-in user with two items, and the time, shared by the updater tests.
enum AppFixture {
  static let now = Date(timeIntervalSince1970: 1_795_348_800)
  static let ada = User(id: UserID(rawValue: 1), name: "ada")
  static let session = Session(
    id: SessionID(rawValue: 9), user: ada, expiresAt: now.addingTimeInterval(3_600))
  static let milk = TodoItem(id: TodoID(rawValue: "a"), title: "Buy milk", createdAt: now)
  static let mom = TodoItem(
    id: TodoID(rawValue: "b"), title: "Call mom", isDone: true, createdAt: now.addingTimeInterval(1))

  /// Ada, signed in, with "Buy milk" (open) and "Call mom" (done), listed: `done 1` names the
  /// first (``listed(_:)``).
  static var signedIn: AppModel {
    var model = AppModel()
    model.authentication.status = .signedIn(session)
    model.todos = TodoModel(owner: ada.id, items: [milk, mom])
    return listed(model)
  }

  /// `model` after a listing of its whole list, as the database reads it: every item a row of the
  /// page shown, numbered from 1 in creation order, so that a number names its item without asking
  /// the database. A number past them is looked up (`TodoCommand.lookUp`). The summary is the
  /// list's, as the summary's subscription reads it.
  static func listed(_ model: AppModel) -> AppModel {
    var model = model
    let todos = model.todos
    model.todos.summary = TodoSummary(counting: todos.items)
    model.todos.page = TodoPage(
      query: TodoListQuery(),
      rows: todos.items.enumerated().map { TodoPage.Row(number: $0.offset + 1, item: $0.element) },
      matching: todos.items.count, counts: TodoCounts(counting: todos.items),
      overdue: todos.items.count { !$0.isDone && ($0.dueDate.map { $0 < now } ?? false) })
    return model
  }

  /// What the user typed, read at ``now``.
  static func intent(_ intent: UserIntent) -> AppMessage { .intent(intent, at: now) }
}

extension TodoTitle {
  /// `raw`, validated: the tests' titles are valid, so one that is not fails the test.
  static func valid(_ raw: String, sourceLocation: SourceLocation = #_sourceLocation) -> TodoTitle {
    switch validate(raw) {
    case .success(let title): return title
    case .failure(let failure):
      Issue.record("\(raw) is not a valid title: \(failure)", sourceLocation: sourceLocation)
      return valid("invalid title")  // valid: the recursion ends here
    }
  }
}

extension AppModel {
  /// This model after a line that named `item` by `number` sent its command: the line for its
  /// result prints that number (``UIModel/numbered``).
  func naming(_ number: Int, _ item: TodoItem) -> AppModel {
    var model = self
    model.ui.numbered[item.id] = number
    return model
  }
}
