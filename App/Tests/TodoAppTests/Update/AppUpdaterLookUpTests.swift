import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI

@testable import TodoApp

/// After a listing read from the database, a number the page shown has a row for names that row's
/// item; any other waits for the database to say what it names (`TodoCommand.lookUp`), and the
/// answer performs the command. The whole composition's updater runs, as in the app.
@Suite("AppUpdater: numbers off the page are looked up in the database")
struct AppUpdaterLookUpTests {
  private let ada = AppFixture.ada
  private let now = AppFixture.now
  private let updater = AppComposition.composition.updater

  private func id(_ number: Int) -> TodoID { TodoID(rawValue: "\(number)") }

  /// Five items; `list --page 1 --size 2` shows 1 and 2, read from the "database" (the model's own
  /// page, which the database reads alike).
  private var paged: AppModel {
    var model = AppFixture.signedIn
    model.todos = .listing(owner: ada.id, items: list)
    // No summary read yet: a length comes from the look-up's answer only.
    model.todos.summary = nil
    let query = TodoListQuery(filter: .all, page: 1, pageSize: 2)
    model = apply(AppFixture.intent(.listPage(.all, page: 1, pageSize: 2)), to: model)
    return apply(
      TodoMessage.pageRead(Listing.page(of: list, for: query, now: now), at: now, owner: ada.id), to: model)
  }

  /// The five items the "database" holds.
  private var list: [TodoItem] {
    (1...5).map { number in
      TodoItem(
        id: id(number), title: .valid("item \(number)"), createdAt: now.addingTimeInterval(Double(number)))
    }
  }

  private func apply(_ message: some Message, to model: AppModel) -> AppModel {
    var model = updater.result(of: message, on: model).model
    model.ui.dropPrinted()
    return model
  }

  private func todoCommands(_ message: some Message, on model: AppModel) -> [TodoCommand] {
    updater.result(of: message, on: model).commands.compactMap { $0 as? TodoCommand }
  }

  private func item(_ number: Int, in model: AppModel) -> TodoItem {
    list[number - 1]
  }

  @Test(
    "a number on the page acts at once; one off it is looked up, and the answer acts on the item it names")
  func offThePageIsLookedUp() {
    let model = paged
    #expect(model.todos.page?.rows.map(\.number) == [1, 2])
    #expect(
      todoCommands(AppFixture.intent(.setDone(position: 2, true)), on: model) == [
        .setDone(id(2), true, owner: ada.id)
      ])

    let asked = updater.result(of: AppFixture.intent(.setDone(position: 4, true)), on: model)
    #expect(asked.commands.compactMap { $0 as? TodoCommand } == [.lookUp([4], owner: ada.id)])
    #expect(asked.model.ui.waiting == WaitingIntent(.setDone(position: 4, true), at: now))
    #expect(asked.model.ui.outbox.isEmpty)

    let answer = TodoMessage.lookedUp(
      [TodoNumberLookup(number: 4, named: .item(item(4, in: model)))], owner: ada.id)
    let answered = updater.result(of: answer, on: asked.model)
    #expect(answered.commands.compactMap { $0 as? TodoCommand } == [.setDone(id(4), true, owner: ada.id)])
    #expect(answered.model.ui.waiting == nil)
    // An answer nobody waits for (sent before a stop, say) does nothing.
    #expect(updater.result(of: answer, on: answered.model).commands.isEmpty)
  }

  @Test("a number the database says is gone, or names nothing, fails as a number the model could not find")
  func goneAndUnknown() {
    for (lookup, said) in [
      (
        TodoNumberLookup(number: 4, named: .gone),
        "Item 4 was deleted after the list was shown; nothing was changed (list shows the numbers now)."
      ),
      // The list's length is the database's, read with the answer.
      (
        TodoNumberLookup(number: 4, named: .unknown, listLength: 5),
        "There is no item 4; the list has 5 (see list)."
      ),
      (TodoNumberLookup(number: 4, named: .unknown, listLength: 0), "There is no item 4: the list is empty."),
      // An answer from a trace recorded before answers counted says no length.
      (TodoNumberLookup(number: 4, named: .unknown), "There is no item 4 (see list)."),
    ] {
      let asked = apply(AppFixture.intent(.rename(position: 4, title: "four")), to: paged)
      let result = updater.result(of: TodoMessage.lookedUp([lookup], owner: ada.id), on: asked)
      #expect(result.commands.isEmpty)
      #expect(result.model.ui.outbox.map(\.text) == [said])
      #expect(result.model.ui.failures == asked.ui.failures + 1)
    }
  }

  @Test("an answer that says no length takes the summary's; the answer's length goes before the summary's")
  func unknownTakesTheSummaryLength() {
    var model = paged
    model.todos.summary = TodoSummary(counts: TodoCounts(total: 7, open: 7))
    let asked = apply(AppFixture.intent(.rename(position: 9, title: "nine")), to: model)
    func said(_ lookup: TodoNumberLookup) -> [String] {
      updater.result(of: TodoMessage.lookedUp([lookup], owner: ada.id), on: asked).model.ui.outbox.map(\.text)
    }
    #expect(
      said(TodoNumberLookup(number: 9, named: .unknown)) == ["There is no item 9; the list has 7 (see list)."]
    )
    #expect(
      said(TodoNumberLookup(number: 9, named: .unknown, listLength: 8))
        == ["There is no item 9; the list has 8 (see list)."])
  }

  @Test("rm of several numbers asks once for those off the page, each once, then asks the user to confirm")
  func severalNumbers() {
    let positions = [5, 1, 3, 5]
    let asked = updater.result(
      of: AppFixture.intent(.removeItems(positions: positions, confirmed: false)), on: paged)
    #expect(asked.commands.compactMap { $0 as? TodoCommand } == [.lookUp([5, 3], owner: ada.id)])
    let answer = TodoMessage.lookedUp(
      [3, 5].map { TodoNumberLookup(number: $0, named: .item(item($0, in: paged))) }, owner: ada.id)
    let answered = updater.result(of: answer, on: asked.model)
    #expect(answered.commands.isEmpty)
    guard case .confirmDeletion(.items(let asking), let text) = answered.model.ui.question else {
      Issue.record("no question: \(String(describing: answered.model.ui.question))")
      return
    }
    #expect(asking.map(\.number) == positions)
    #expect(asking.map(\.item.id) == positions.map(id))
    #expect(text.hasPrefix("Delete 4 items (“item 5”, “item 1”, “item 3”"))
  }

  // Before, the yes performed `rm` again from its numbers, so those off the page were looked up a
  // second time (`lookUp([5, 3])`) before anything was deleted.
  @Test("a yes deletes the items the question named, without looking their numbers up again")
  func yesDeletesWhatWasAsked() {
    let asked = apply(AppFixture.intent(.removeItems(positions: [1, 4], confirmed: false)), to: paged)
    let answer = TodoMessage.lookedUp(
      [TodoNumberLookup(number: 4, named: .item(item(4, in: paged)))], owner: ada.id)
    let question = apply(answer, to: asked)
    #expect(question.ui.question?.label.hasPrefix("Delete 2 items (“item 1”, “item 4”)") == true)
    let yes = updater.result(of: AppMessage.answered(.text("y")), on: question)
    #expect(yes.commands.compactMap { $0 as? TodoCommand } == [.removeItems([id(1), id(4)], owner: ada.id)])
    #expect(yes.model.ui.removing == [id(1): "item 1", id(4): "item 4"])
  }

  @Test("a look-up that fails drops the command that waited")
  func failedLookUp() {
    let asked = apply(AppFixture.intent(.setDone(position: 4, true)), to: paged)
    let failed = apply(TodoMessage.failed(.storage("disk I/O error"), owner: ada.id), to: asked)
    #expect(failed.ui.waiting == nil)
    let late = TodoMessage.lookedUp(
      [TodoNumberLookup(number: 4, named: .item(item(4, in: paged)))], owner: ada.id)
    #expect(todoCommands(late, on: failed).isEmpty)
  }

  // Without the page following the session's own results, the second `done 1` read the row as
  // the listing showed it, open, and stored the change again instead of saying so.
  @Test("the page follows the session's own changes: done 1 twice says the second time that it is done")
  func pageFollowsOwnChanges() {
    let done = apply(AppFixture.intent(.setDone(position: 1, true)), to: paged)
    var item1 = item(1, in: paged)
    item1.isDone = true
    let stored = apply(TodoMessage.toggled(item1, owner: ada.id), to: done)
    let again = updater.result(of: AppFixture.intent(.setDone(position: 1, true)), on: stored)
    #expect(again.commands.isEmpty)
    #expect(again.model.ui.outbox.map(\.text) == ["1. item 1 is already done; nothing was changed."])
  }

  // Before issue 56's step S5, numbers were the model's while an import ran, and `list` printed the
  // model's list: the database's numbers now hold throughout.
  @Test("while an import runs, a number off the page is still looked up, and a listing reads the database")
  func importKeepsTheDatabasesNumbers() {
    let checked = TodoMessage.importChecked(path: "/home/ada/old.csv", importedBefore: false, owner: ada.id)
    let importing = apply(checked, to: paged)
    #expect(importing.todos.runningImport != nil)
    #expect(
      todoCommands(AppFixture.intent(.setDone(position: 4, true)), on: importing) == [
        .lookUp([4], owner: ada.id)
      ])
    #expect(
      todoCommands(AppFixture.intent(.list(.all)), on: importing) == [
        .readPage(TodoListQuery(), at: now, owner: ada.id)
      ])
  }
}
