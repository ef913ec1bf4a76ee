import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI

@testable import TodoApp

/// `list` as the app performs it, in its two steps, checked as one: the intent numbers the list
/// anew and asks the database for the page (``TodoAPI/TodoCommand/readPage(_:at:owner:)``); the
/// answer (``TodoAPI/TodoMessage/pageRead(_:at:owner:)``) is kept as the page shown and printed.
///
/// The database's answer is stood in for by `Listing.page` over the model's items, which reads the
/// same page as the database does (`ListingPageDatabaseTests`), so the updater's tests need no
/// database.
///
/// - Parameters:
///   - intent: A `list` or `list --page` intent, read at ``AppFixture/now``.
///   - model: A model with a signed-in user.
///   - printed: What printing the page changes in the model beyond the page itself: its lines.
func assertListing(
  _ intent: UserIntent, given model: AppModel, sourceLocation: SourceLocation = #_sourceLocation,
  printed: (inout AppModel) -> Void
) {
  let query: TodoListQuery
  switch intent {
  case .list(let filter, let tags): query = TodoListQuery(filter: filter, tags: tags)
  case .listPage(let filter, let tags, let page, let pageSize):
    query = TodoListQuery(filter: filter, tags: tags, page: page, pageSize: pageSize)
  default:
    Issue.record("\(intent) is not a listing", sourceLocation: sourceLocation)
    return
  }
  guard let owner = model.authentication.user?.id else {
    Issue.record("nobody is signed in", sourceLocation: sourceLocation)
    return
  }
  // The intent changes nothing in the model: it asks the database.
  let asked = model
  assertUpdate(
    AppUpdater(), given: model, when: AppFixture.intent(intent), then: asked,
    commands: [TodoCommand.readPage(query, at: AppFixture.now, owner: owner)], sourceLocation: sourceLocation)
  let page = Listing.page(of: asked.todos.listedItems, for: query, now: AppFixture.now)
  // The whole app's updater: the to-do feature's keeps the page, the app's prints it.
  assertUpdate(
    AppComposition.composition.updater, given: asked,
    when: TodoMessage.pageRead(page, at: AppFixture.now, owner: owner),
    sourceLocation: sourceLocation
  ) {
    $0.todos.page = page
    printed(&$0)
  }
}
