import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI

@testable import TodoApp

@Suite("AppUpdater: find")
struct AppUpdaterFindTests {
  private let ada = AppFixture.ada

  @Test("find asks for the page of matches the intent names, or every match")
  func findAsksForAPage() {
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn,
      when: AppFixture.intent(.find(words: "buy milk", page: 3, pageSize: 10)), then: AppFixture.signedIn,
      commands: [TodoCommand.search(TodoSearch(text: "buy milk", offset: 20, limit: 10), owner: ada.id)])
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn,
      when: AppFixture.intent(.find(words: "milk", page: 1, pageSize: nil)), then: AppFixture.signedIn,
      commands: [TodoCommand.search(TodoSearch(text: "milk"), owner: ada.id)])
  }

  @Test("find needs a signed-in user")
  func findNeedsAUser() {
    assertUpdate(
      AppUpdater(), given: AppModel(), when: AppFixture.intent(.find(words: "milk", page: 1, pageSize: nil))
    ) {
      $0.ui.fail("Sign in first (login NAME, or register NAME).")
    }
  }

  @Test("matches are shown best first, numbered as in the list, with the next page named")
  func matchesNumberedAsInTheList() {
    let result = TodoSearchResult(
      search: TodoSearch(text: "mil", offset: 0, limit: 1), total: 2,
      rows: [TodoPage.Row(number: 2, item: AppFixture.mom)])
    assertUpdate(AppUpdater(), given: AppFixture.signedIn, when: TodoMessage.found(result, owner: ada.id)) {
      $0.ui.say("2 items match \"mil\", best first:")
      $0.ui.row("2. [x] Call mom")
      $0.ui.say("Page 1 of 2: 1–1 of 2 matches. Next: find mil --page 2. Everything: find mil --all.")
    }
  }

  @Test("no match, and a page past the last, are said as such")
  func noMatchAndNoPage() {
    let none = TodoSearchResult(search: TodoSearch(text: "tea"), total: 0, rows: [])
    assertUpdate(AppUpdater(), given: AppFixture.signedIn, when: TodoMessage.found(none, owner: ada.id)) {
      $0.ui.say("No item matches \"tea\".")
    }
    let past = TodoSearchResult(
      search: TodoSearch(text: "milk", offset: 40, limit: 20), total: 3, rows: [])
    assertUpdate(AppUpdater(), given: AppFixture.signedIn, when: TodoMessage.found(past, owner: ada.id)) {
      $0.ui.fail("There is no page 3; 3 items match \"milk\": 1 page of 20.")
    }
  }
}
