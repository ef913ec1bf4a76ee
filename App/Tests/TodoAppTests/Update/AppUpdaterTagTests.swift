import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI

@testable import TodoApp

@Suite("AppUpdater: tags")
struct AppUpdaterTagTests {
  private let ada = AppFixture.ada
  private let now = AppFixture.now

  private func tags(_ names: String...) -> [TodoTag] { names.compactMap { TodoTag($0) } }

  private func item(_ title: String, _ tags: [TodoTag], done: Bool = false, at offset: Double) -> TodoItem {
    TodoItem(
      // Safe: the tests' titles are short and not empty.
      id: TodoID(rawValue: title), title: try! TodoTitle(validating: title), isDone: done, tags: tags,
      createdAt: now + offset)
  }

  /// Five items in creation order, numbered 1 to 5 in the list.
  private var tagged: AppModel {
    var model = AppFixture.signedIn
    model.todos = .listing(
      owner: ada.id,
      items: [
        item("milk", tags("errand", "home"), at: 1), item("report", tags("work"), at: 2),
        item("plants", tags("home"), done: true, at: 3), item("bank", tags("errand"), at: 4),
        item("nap", [], at: 5),
      ])
    return model
  }

  @Test("add takes the tags out of the title; a word that is not a tag stays in it")
  func add() {
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn,
      when: AppFixture.intent(.add(title: "buy milk +Home +errand")),
      then: AppFixture.signedIn,
      commands: [
        TodoCommand.add(title: .valid("buy milk"), dueDate: nil, tags: tags("errand", "home"), owner: ada.id)
      ])
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn, when: AppFixture.intent(.add(title: "+1 for Bob, C++ +team")),
      then: AppFixture.signedIn,
      commands: [
        TodoCommand.add(title: .valid("+1 for Bob, C++"), dueDate: nil, tags: tags("team"), owner: ada.id)
      ])
    assertUpdate(AppUpdater(), given: AppFixture.signedIn, when: AppFixture.intent(.add(title: "+home"))) {
      $0.ui.fail("The title is empty.")
    }
  }

  @Test("an added item is confirmed with its tags")
  func added() {
    var milk = AppFixture.milk
    milk.tags = tags("errand", "home")
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn, when: TodoMessage.added(milk, number: 1, owner: ada.id)
    ) {
      $0.ui.say("Added 1. Buy milk +errand +home")
    }
  }

  @Test("tag N and untag N change item N's tags; an item out of range fails as pri does")
  func tagAndUntag() {
    assertUpdate(
      AppUpdater(), given: tagged, when: AppFixture.intent(.tag(position: 2, tags("urgent"))),
      then: tagged.naming(2, tagged.todos.listedItems[1]),
      commands: [TodoCommand.addTags(TodoID(rawValue: "report"), tags("urgent"), owner: ada.id)])
    assertUpdate(
      AppUpdater(), given: tagged, when: AppFixture.intent(.untag(position: 1, tags("home"))),
      then: tagged.naming(1, tagged.todos.listedItems[0]),
      commands: [TodoCommand.removeTags(TodoID(rawValue: "milk"), tags("home"), owner: ada.id)])
    assertNoItem(
      6, when: .tag(position: 6, tags("x")), given: tagged,
      says: "There is no item 6; the list has 5 (see list).")
    assertNoItem(
      6, when: .untag(position: 6, tags("x")), given: tagged,
      says: "There is no item 6; the list has 5 (see list).")
  }

  @Test("untag of a tag the item does not have says so and changes nothing")
  func untagMissing() {
    assertUpdate(AppUpdater(), given: tagged, when: AppFixture.intent(.untag(position: 1, tags("work")))) {
      $0.ui.fail("1. milk has no tag +work (its tags: +errand +home); nothing was changed.")
    }
    assertUpdate(
      AppUpdater(), given: tagged, when: AppFixture.intent(.untag(position: 5, tags("home", "work", "nap")))
    ) {
      $0.ui.fail("5. nap has none of the tags +home +work +nap (its tags: none); nothing was changed.")
    }
  }

  @Test("tag beyond 16 tags fails before any command")
  func tooMany() {
    var model = tagged
    model.todos = .listing(
      owner: ada.id, items: [item("busy", (1...16).compactMap { TodoTag("t\($0)") }, at: 1)])
    assertUpdate(AppUpdater(), given: model, when: AppFixture.intent(.tag(position: 1, tags("one-more")))) {
      $0.ui.fail("1. busy: An item may have 16 tags; this one would have 17.")
    }
  }

  @Test("changed tags are confirmed with the item's number")
  func tagsChanged() {
    var milk = AppFixture.milk
    milk.tags = tags("home")
    assertUpdate(AppUpdater(), given: AppFixture.signedIn, when: TodoMessage.tagsChanged(milk, owner: ada.id))
    {
      $0.ui.say("1. Buy milk is tagged +home.")
    }
    var emptied = AppFixture.signedIn
    emptied.todos.page?.update(milk)
    assertUpdate(
      AppUpdater(), given: emptied, when: TodoMessage.tagsChanged(AppFixture.milk, owner: ada.id)
    ) {
      $0.ui.say("1. Buy milk has no tags now.")
    }
  }

  @Test(
    "list +TAG -TAG shows the items with every + tag and no - tag, with their tags, numbered as in the list")
  func listByTags() {
    assertListing(.list(.all, tags: TagFilter(required: tags("home"))), given: tagged) {
      $0.ui.say("1. [ ] milk +errand +home")
      $0.ui.say("3. [x] plants +home")
    }
    assertListing(
      .list(.open, tags: TagFilter(required: tags("errand"), excluded: tags("home"))), given: tagged
    ) {
      $0.ui.say("4. [ ] bank +errand")
    }
    assertListing(
      .list(.done, tags: TagFilter(required: tags("work"), excluded: tags("home"))), given: tagged
    ) {
      $0.ui.say("No done items tagged +work, without +home.")
    }
  }

  @Test("a page of a tag filter is headed by the counts of the items the tags admit, not of the whole list")
  func pageCountsTheTagged() {
    assertListing(
      .listPage(.all, tags: TagFilter(required: tags("home")), page: 1, pageSize: 10), given: tagged
    ) {
      $0.ui.say("You have 2 items tagged +home (1 open, 1 done).")
      $0.ui.row("1. [ ] milk +errand +home")
      $0.ui.row("3. [x] plants +home")
    }
  }

  @Test("a page of a tag filter names the filter in its footer")
  func pages() {
    assertListing(
      .listPage(.open, tags: TagFilter(excluded: tags("work")), page: 1, pageSize: 2), given: tagged
    ) {
      $0.ui.say("3 of 4 items without +work are open.")
      $0.ui.row("1. [ ] milk +errand +home")
      $0.ui.row("4. [ ] bank +errand")
      $0.ui.say(
        "Page 1 of 2: 1–2 of 3 open -work items. Next: list open -work --page 2. Everything: list open -work --all."
      )
    }
  }
}
