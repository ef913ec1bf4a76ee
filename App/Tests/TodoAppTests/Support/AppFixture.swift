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

  /// Ada, signed in, with "Buy milk" (open) and "Call mom" (done).
  static var signedIn: AppModel {
    var model = AppModel()
    model.authentication.status = .signedIn(session)
    model.todos = TodoModel(owner: ada.id, items: [milk, mom])
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
