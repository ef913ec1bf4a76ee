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
    model.todos = .listing(owner: ada.id, items: [milk, mom])
    return model
  }

  /// `model` with its page showing `items` as its whole list, listed anew (see
  /// ``TodoAPI/TodoModel/listing(owner:items:)``).
  static func listed(_ model: AppModel, items: [TodoItem]) -> AppModel {
    var model = model
    model.todos = .listing(owner: model.todos.owner, items: items, keeping: model.todos)
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

extension TodoModel {
  /// A slice whose list holds `items`, after a listing of the whole list, as the database reads
  /// it: every item a row of the page shown, numbered from 1 in display order, so that a number
  /// names its item without asking the database (a number past them is looked up,
  /// `TodoCommand.lookUp`); the summary is the list's, as its subscription reads it. The rest is
  /// `keeping`'s.
  static func listing(owner: UserID?, items: [TodoItem], keeping other: TodoModel = TodoModel()) -> TodoModel
  {
    var model = other
    model.owner = owner
    let items = items.sorted(by: TodoItem.displayOrder)
    model.summary = TodoSummary(counting: items)
    model.page = TodoPage(
      query: TodoListQuery(),
      rows: items.enumerated().map { TodoPage.Row(number: $0.offset + 1, item: $0.element) },
      matching: items.count, counts: TodoCounts(counting: items),
      overdue: items.count { !$0.isDone && ($0.dueDate.map { $0 < AppFixture.now } ?? false) })
    return model
  }

  /// The items of the page shown, in order: the whole list, for a slice made by
  /// ``listing(owner:items:keeping:)`` (the tests' stand-in for the database's list).
  var listedItems: [TodoItem] { page?.rows.map(\.item) ?? [] }
}
