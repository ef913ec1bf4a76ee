import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI
import TodoApp

/// A numbered command whose number the page shown has no row for, in its two steps, checked as one:
/// the intent waits and asks the database what the number names (`TodoCommand.lookUp`); the
/// answer, that it names nothing in a list as long as the model's, fails the command with
/// `failure` and sends nothing.
///
/// - Parameters:
///   - number: The number the page has no row for.
///   - intent: The command that names it, read at ``AppFixture/now``.
///   - model: A model with a signed-in user.
///   - failure: What the app says.
func assertNoItem(
  _ number: Int, when intent: UserIntent, given model: AppModel, says failure: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let owner = model.authentication.user?.id else {
    Issue.record("nobody is signed in", sourceLocation: sourceLocation)
    return
  }
  assertUpdate(
    AppUpdater(), given: model, when: AppFixture.intent(intent),
    commands: [TodoCommand.lookUp([number], owner: owner)], sourceLocation: sourceLocation
  ) { $0.ui.waiting = WaitingIntent(intent, at: AppFixture.now) }
  var waiting = model
  waiting.ui.waiting = WaitingIntent(intent, at: AppFixture.now)
  assertUpdate(
    AppUpdater(), given: waiting,
    when: TodoMessage.lookedUp(
      [TodoNumberLookup(number: number, named: .unknown, listLength: model.todos.listedItems.count)],
      owner: owner),
    sourceLocation: sourceLocation
  ) {
    $0.ui.waiting = nil
    $0.ui.fail(failure)
  }
}
