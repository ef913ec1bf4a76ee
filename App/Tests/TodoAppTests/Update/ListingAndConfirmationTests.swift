import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI

@testable import TodoApp

@Suite("AppUpdater: pages, several items, confirmations")
struct ListingAndConfirmationTests {
  private var signedIn: AppModel { AppFixture.signedIn }

  /// The rows that name the items at `numbers` of `model`'s list.
  private func rows(_ numbers: [Int], of model: AppModel) -> [TodoPage.Row] {
    numbers.map { TodoPage.Row(number: $0, item: model.todos.listedItems[$0 - 1]) }
  }

  /// Ada with `count` items `Task 1`…, every odd one done, listed.
  private func model(items count: Int) -> AppModel {
    var model = AppFixture.signedIn
    model.todos = .listing(
      owner: AppFixture.ada.id,
      items: (1...count).map {
        TodoItem(
          id: TodoID(rawValue: "t\($0)"), title: .valid("Task \($0)"), isDone: $0 % 2 == 1,
          createdAt: AppFixture.now)
      })
    return model
  }

  @Test(
    "a page says the counts, shows its items numbered as in the whole list, open first, and how to see more")
  func page() {
    assertListing(.listPage(.all, page: 2, pageSize: 2), given: model(items: 5)) {
      // Open items first (2, 4), then done ones (1, 3, 5).
      $0.ui.say("You have 5 items (2 open, 3 done).")
      $0.ui.row("1. [x] Task 1")
      $0.ui.row("3. [x] Task 3")
      $0.ui.say("Page 2 of 3: 3–4 of 5 items. Next: list --page 3. Everything: list --all.")
    }
    // A filter's page counts what it lists (issue 59: `list due` said "You have 6 items (6 open,
    // 0 done)" above 2 items).
    assertListing(.listPage(.done, page: 2, pageSize: 2), given: model(items: 5)) {
      $0.ui.say("3 of 5 items are done.")
      $0.ui.row("5. [x] Task 5")
      $0.ui.say("Page 2 of 2: 3–3 of 3 done items. Everything: list done --all.")
    }
  }

  @Test("open items due before the time of the line are marked overdue, in the list and on a page")
  func overdue() {
    var model = AppFixture.signedIn
    let minute: TimeInterval = 60
    model.todos = .listing(
      owner: AppFixture.ada.id,
      items: [
        TodoItem(
          id: TodoID(rawValue: "a"), title: "Late", dueDate: AppFixture.now - minute,
          createdAt: AppFixture.now),
        TodoItem(
          id: TodoID(rawValue: "b"), title: "Done late", isDone: true, dueDate: AppFixture.now - minute,
          createdAt: AppFixture.now + 1),
        TodoItem(
          id: TodoID(rawValue: "c"), title: "Soon", dueDate: AppFixture.now + minute,
          createdAt: AppFixture.now + 2),
      ])
    let rows = [
      "1. [ ] Late  (due 2026-11-22 11:59, overdue)", "3. [ ] Soon  (due 2026-11-22 12:01)",
      "2. [x] Done late  (due 2026-11-22 11:59)",
    ]
    assertListing(.list(.all), given: model) {
      for row in rows { $0.ui.say(row) }
    }
    assertListing(.listPage(.all, page: 1, pageSize: 10), given: model) {
      $0.ui.say("You have 3 items (2 open, 1 overdue, 1 done).")
      for row in rows { $0.ui.row(row) }
    }
    assertListing(.listPage(.due, page: 1, pageSize: 10), given: model) {
      $0.ui.say("3 of 3 items have a due date, 1 overdue.")
      for row in [rows[0], rows[2], rows[1]] { $0.ui.row(row) }
    }
    assertListing(.listPage(.open, page: 1, pageSize: 10), given: model) {
      $0.ui.say("2 of 3 items are open, 1 overdue.")
      for row in rows.prefix(2) { $0.ui.row(row) }
    }
    assertListing(.listPage(.done, page: 1, pageSize: 10), given: model) {
      $0.ui.say("1 of 3 items is done.")
      $0.ui.row(rows[2])
    }
  }

  @Test(
    "a page another program changed is printed as the database holds it: the model holds no list to load again"
  )
  func stalePage() {
    let model = signedIn
    // Another program added an item, created after the two the model holds.
    let elsewhere = TodoItem(
      id: TodoID(rawValue: "c"), title: "Written elsewhere", createdAt: AppFixture.now.addingTimeInterval(2))
    let page = TodoPage(
      query: TodoListQuery(),
      rows: [
        TodoPage.Row(number: 1, item: AppFixture.milk), TodoPage.Row(number: 3, item: elsewhere),
        TodoPage.Row(number: 2, item: AppFixture.mom),
      ], matching: 3, counts: TodoCounts(total: 3, open: 2))
    assertUpdate(
      AppComposition.composition.updater, given: model,
      when: TodoMessage.pageRead(page, at: AppFixture.now, owner: AppFixture.ada.id)
    ) {
      $0.todos.page = page
      $0.ui.say("1. [ ] Buy milk")
      $0.ui.say("3. [ ] Written elsewhere")
      $0.ui.say("2. [x] Call mom")
    }
  }

  @Test(
    "the page shown, changed by this app, is kept silently; changed by another program, the app says so: nothing is loaded again"
  )
  func pageChanged() {
    var model = signedIn
    let shown = TodoPage(
      query: TodoListQuery(),
      rows: [TodoPage.Row(number: 1, item: AppFixture.milk), TodoPage.Row(number: 2, item: AppFixture.mom)],
      matching: 2, counts: TodoCounts(total: 2, open: 1))
    model.todos.page = shown
    var changed = shown
    changed.rows.removeLast()
    changed.matching = 1
    changed.counts = TodoCounts(total: 1, open: 1)
    let updater = AppComposition.composition.updater
    let owner = AppFixture.ada.id
    assertUpdate(updater, given: model, when: TodoMessage.pageChanged(changed, outside: false, owner: owner))
    {
      $0.todos.page = changed
    }
    assertUpdate(updater, given: model, when: TodoMessage.pageChanged(changed, outside: true, owner: owner)) {
      $0.todos.page = changed
      $0.ui.say("The list changed outside this session; list shows it as it is now.")
    }
  }

  @Test("a list that fits one page has no footer; a page past the end is an error")
  func onePage() {
    assertListing(.listPage(.all, page: 1, pageSize: 10), given: signedIn) {
      $0.ui.say("You have 2 items (1 open, 1 done).")
      $0.ui.row("1. [ ] Buy milk")
      $0.ui.row("2. [x] Call mom")
    }
    assertListing(.listPage(.all, page: 2, pageSize: 10), given: signedIn) {
      $0.ui.fail("There is no page 2; the list has 1 page of 10 (see list).")
    }
  }

  @Test("rm of several items removes each, named; a missing one removes none")
  func removeItems() {
    assertUpdate(
      AppUpdater(), given: model(items: 3), when: AppFixture.intent(.removeItems(positions: [3, 1])),
      commands: [
        TodoCommand.removeItems([TodoID(rawValue: "t3"), TodoID(rawValue: "t1")], owner: AppFixture.ada.id)
      ]
    ) {
      $0.ui.removing = [TodoID(rawValue: "t3"): "Task 3", TodoID(rawValue: "t1"): "Task 1"]
    }
    assertNoItem(
      4, when: .removeItems(positions: [1, 4]), given: model(items: 3),
      says: "There is no item 4; the list has 3 (see list).")
  }

  /// The first page of the done items of `model`, as the database reads it for `clear-done`'s
  /// question.
  private func donePage(of model: AppModel) -> TodoPage {
    let done = (model.todos.page?.rows ?? []).filter(\.item.isDone)
    return TodoPage(
      query: Confirmation.doneItemsNamed, rows: Array(done.prefix(Confirmation.namedItems)),
      matching: done.count, counts: TodoCounts(counting: model.todos.listedItems))
  }

  @Test(
    "clear-done not confirmed asks the database for the done items, then asks the user about them; no deletes nothing, yes deletes"
  )
  func clearDoneAsks() {
    let intent = UserIntent.clearDone(confirmed: false)
    let waiting = WaitingIntent(intent, at: AppFixture.now)
    assertUpdate(
      AppUpdater(), given: signedIn, when: AppFixture.intent(intent),
      commands: [
        TodoCommand.peekPage(Confirmation.doneItemsNamed, at: AppFixture.now, owner: AppFixture.ada.id)
      ]
    ) {
      $0.ui.waiting = waiting
    }
    var peeking = signedIn
    peeking.ui.waiting = waiting
    let question = Question.confirmDeletion(.clearDone, text: "Delete the 1 done item (“Call mom”)? [y/N] ")
    assertUpdate(
      AppUpdater(), given: peeking,
      when: TodoMessage.pagePeeked(donePage(of: signedIn), at: AppFixture.now, owner: AppFixture.ada.id)
    ) {
      $0.ui.waiting = nil
      $0.ui.question = question
    }
    var asked = signedIn
    asked.ui.question = question
    assertUpdate(AppUpdater(), given: asked, when: AppMessage.answered(.text("n"))) {
      $0.ui.question = nil
      $0.ui.say("clear-done: not confirmed; nothing was deleted.")
    }
    assertUpdate(
      AppUpdater(), given: asked, when: AppMessage.answered(.text(" Yes")),
      commands: [TodoCommand.clearCompleted(owner: AppFixture.ada.id)]
    ) {
      $0.ui.question = nil
    }
  }

  @Test("clear-done with no done items asks nothing and clears; a page nobody waits for does nothing")
  func clearDoneWithNothingDone() {
    var peeking = signedIn
    peeking.ui.waiting = WaitingIntent(.clearDone(confirmed: false), at: AppFixture.now)
    let noneDone = TodoPage(query: Confirmation.doneItemsNamed, rows: [], matching: 0, counts: TodoCounts())
    let peeked = TodoMessage.pagePeeked(noneDone, at: AppFixture.now, owner: AppFixture.ada.id)
    assertUpdate(
      AppUpdater(), given: peeking, when: peeked,
      commands: [TodoCommand.clearCompleted(owner: AppFixture.ada.id)]
    ) {
      $0.ui.waiting = nil
    }
    assertUpdate(AppUpdater(), given: signedIn, when: peeked, then: signedIn)
  }

  @Test("rm of several not confirmed asks, naming the items; yes removes them as numbered when asked")
  func removeItemsAsks() {
    assertUpdate(
      AppUpdater(), given: model(items: 3),
      when: AppFixture.intent(.removeItems(positions: [3, 1], confirmed: false))
    ) {
      $0.ui.question = .confirmDeletion(
        .items(rows([3, 1], of: $0)), text: "Delete 2 items (“Task 3”, “Task 1”)? [y/N] ")
    }
    var asked = model(items: 3)
    asked.ui.question = .confirmDeletion(.items(rows([3, 1], of: asked)), text: "Delete 2 items? [y/N] ")
    assertUpdate(
      AppUpdater(), given: asked, when: AppMessage.answered(.text("y")),
      commands: [
        TodoCommand.removeItems([TodoID(rawValue: "t3"), TodoID(rawValue: "t1")], owner: AppFixture.ada.id)
      ]
    ) {
      $0.ui.question = nil
      $0.ui.removing = [TodoID(rawValue: "t3"): "Task 3", TodoID(rawValue: "t1"): "Task 1"]
    }
    assertNoItem(
      4, when: .removeItems(positions: [1, 4], confirmed: false), given: model(items: 3),
      says: "There is no item 4; the list has 3 (see list).")
  }

  @Test("an answer with no question pending changes nothing")
  func answerWithoutQuestion() {
    assertUpdate(AppUpdater(), given: signedIn, when: AppMessage.answered(.text("y")), then: signedIn)
  }

  @Test(
    "clear-done and rm of several ask, naming up to three items; rm of one, or nothing to delete, does not")
  func questions() {
    let nine = model(items: 9)
    #expect(
      Confirmation.clearDoneQuestion(donePage(of: nine))?.label
        == "Delete the 5 done items (“Task 1”, “Task 3”, “Task 5” and 2 more)? [y/N] ")
    #expect(
      Confirmation.removalQuestion(rows([2, 1], of: model(items: 3)))?.label
        == "Delete 2 items (“Task 2”, “Task 1”)? [y/N] ")
    #expect(Confirmation.removalQuestion([]) == nil)
    var noneDone = signedIn
    noneDone.todos = .listing(owner: AppFixture.ada.id, items: [AppFixture.milk])
    #expect(Confirmation.clearDoneQuestion(donePage(of: noneDone)) == nil)
    #expect(
      Confirmation.isYes(" Y ") && Confirmation.isYes("yes") && !Confirmation.isYes("")
        && !Confirmation.isYes("no"))
  }
}
