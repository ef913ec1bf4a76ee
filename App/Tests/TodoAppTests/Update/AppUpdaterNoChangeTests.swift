import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI
import TodoApp

/// Commands that would change nothing say so and send no command, so that they record no undo
/// step; and `rename` keeps to `add`'s rules about which words are tags.
@Suite("AppUpdater: commands that change nothing, and rename's words")
struct AppUpdaterNoChangeTests {
  private let ada = AppFixture.ada
  /// "Buy milk" (1, open, tagged +home) and "Call mom" (2, done).
  private var signedIn: AppModel {
    var model = AppFixture.signedIn
    var milk = AppFixture.milk
    milk.tags = [TodoTag("home")!]
    model.todos = .listing(owner: ada.id, items: [milk, AppFixture.mom])
    return model
  }

  @Test("done of a done item says it is already done and sends nothing")
  func doneTwice() {
    assertUpdate(AppUpdater(), given: signedIn, when: AppFixture.intent(.setDone(position: 2, true))) {
      $0.ui.say("2. Call mom is already done; nothing was changed.")
    }
  }

  @Test("reopen of an open item says it is already open and sends nothing")
  func reopenOpen() {
    assertUpdate(AppUpdater(), given: signedIn, when: AppFixture.intent(.setDone(position: 1, false))) {
      $0.ui.say("1. Buy milk is already open; nothing was changed.")
    }
  }

  @Test("tag with tags the item has says so and sends nothing; a new tag among them is added")
  func tagAgain() {
    assertUpdate(
      AppUpdater(), given: signedIn, when: AppFixture.intent(.tag(position: 1, [TodoTag("home")!]))
    ) {
      $0.ui.say("1. Buy milk is already tagged +home; nothing was changed.")
    }
    assertUpdate(
      AppUpdater(), given: signedIn,
      when: AppFixture.intent(.tag(position: 1, [TodoTag("home")!, TodoTag("errand")!])),
      then: signedIn.naming(1, AppFixture.milk),
      commands: [
        TodoCommand.addTags(AppFixture.milk.id, [TodoTag("home")!, TodoTag("errand")!], owner: ada.id)
      ])
  }

  @Test("rename refuses a word that add would take as a tag, and a title of tags only")
  func renameWithTags() {
    assertUpdate(
      AppUpdater(), given: signedIn, when: AppFixture.intent(.rename(position: 2, title: "beta +x"))
    ) {
      $0.ui.fail(
        "+x is a tag, not a word of a title: rename changes the title only (tag 2 +x gives item 2 the tag).")
    }
    assertUpdate(
      AppUpdater(), given: signedIn, when: AppFixture.intent(.rename(position: 2, title: "+tagonly"))
    ) {
      $0.ui.fail(
        "+tagonly is a tag, not a word of a title: rename changes the title only (tag 2 +tagonly gives item 2 the tag)."
      )
    }
  }

  @Test("rename keeps words that are not tags, as add does: +1 and C++")
  func renameKeepsNonTags() {
    assertUpdate(
      AppUpdater(), given: signedIn,
      when: AppFixture.intent(.rename(position: 2, title: "+1 for learning C++")),
      then: signedIn.naming(2, AppFixture.mom),
      commands: [TodoCommand.rename(AppFixture.mom.id, title: .valid("+1 for learning C++"), owner: ada.id)])
  }

  @Test(
    "done of several items marks those not done yet, says which were, and a missing number changes nothing")
  func doneSeveral() {
    assertUpdate(
      AppUpdater(), given: signedIn, when: AppFixture.intent(.setDoneItems(positions: [1, 2], true)),
      commands: [TodoCommand.setDone(AppFixture.milk.id, true, owner: ada.id)]
    ) {
      $0.ui.say("2. Call mom is already done; nothing was changed.")
      $0.ui.numbered = [AppFixture.milk.id: 1, AppFixture.mom.id: 2]
    }
    assertNoItem(
      3, when: .setDoneItems(positions: [1, 3], true), given: signedIn,
      says: "There is no item 3; the list has 2 (see list).")
  }
}
