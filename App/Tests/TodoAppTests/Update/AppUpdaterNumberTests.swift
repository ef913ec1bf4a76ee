import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI
import TodoApp

/// The numbers a listing showed keep meaning the same items until the next listing (Taskwarrior's
/// rule). The database keeps what they mean (TodoImpl's `TodoNumbering`, tested there); the app
/// reads a number off the page shown, which follows the session's own results, or asks the
/// database, and prints the numbers the database gives. The whole composition's updater runs, so
/// that results change the to-do slice as they do in the app.
@Suite("AppUpdater: numbers stay as the list showed them")
struct AppUpdaterNumberTests {
  private let ada = AppFixture.ada
  private let now = AppFixture.now
  private let updater = AppComposition.composition.updater

  private func item(_ number: Int, _ title: String) -> TodoItem {
    TodoItem(
      id: TodoID(rawValue: "\(number)"), title: .valid(title),
      createdAt: now.addingTimeInterval(Double(number)))
  }

  /// Pay rent, call mom, a1, a2, a3, listed.
  private var listed: AppModel {
    var model = AppFixture.signedIn
    model.todos = .listing(
      owner: ada.id,
      items: ["Pay rent", "call mom", "a1", "a2", "a3"].enumerated().map { item($0.offset + 1, $0.element) })
    return model
  }

  private func apply(_ message: some Message, to model: AppModel) -> AppModel {
    var model = updater.result(of: message, on: model).model
    model.ui.dropPrinted()
    return model
  }

  private func commands(_ intent: UserIntent, on model: AppModel) -> [TodoCommand] {
    updater.result(of: AppFixture.intent(intent), on: model).commands.compactMap { $0 as? TodoCommand }
  }

  private func removing(_ position: Int, from model: AppModel) -> AppModel {
    let removed = apply(AppFixture.intent(.remove(position: position)), to: model)
    let id = TodoID(rawValue: "\(position)")
    return apply(TodoMessage.removed([id], owner: ada.id), to: removed)
  }

  @Test("after rm 2, item 3 is still the item the list showed as 3")
  func numbersStayAfterRemoval() {
    let model = removing(2, from: listed)
    #expect(commands(.remove(position: 3), on: model) == [.remove(TodoID(rawValue: "3"), owner: ada.id)])
    #expect(
      commands(.setDone(position: 5, true), on: model) == [
        .setDone(TodoID(rawValue: "5"), true, owner: ada.id)
      ])
  }

  @Test("a number whose item is gone is asked of the database, which says so; nothing changes")
  func goneNumber() {
    let model = removing(2, from: listed)
    let asked = updater.result(of: AppFixture.intent(.setDone(position: 2, true)), on: model)
    #expect(asked.commands.compactMap { $0 as? TodoCommand } == [.lookUp([2], owner: ada.id)])
    let result = updater.result(
      of: TodoMessage.lookedUp([TodoNumberLookup(number: 2, named: .gone)], owner: ada.id), on: asked.model)
    #expect(result.commands.isEmpty)
    #expect(
      result.model.ui.outbox.map(\.text) == [
        "Item 2 was deleted after the list was shown; nothing was changed (list shows the numbers now)."
      ])
    #expect(result.model.ui.failures == model.ui.failures + 1)
  }

  @Test("the next listing's page names the items anew")
  func listingRenumbers() {
    let model = removing(2, from: listed)
    #expect(commands(.list(.all), on: model) == [.readPage(TodoListQuery(), at: now, owner: ada.id)])
    let items = model.todos.listedItems
    let page = TodoPage(
      query: TodoListQuery(),
      rows: items.enumerated().map { TodoPage.Row(number: $0.offset + 1, item: $0.element) },
      matching: items.count, counts: TodoCounts(counting: items))
    let relisted = apply(TodoMessage.pageRead(page, at: now, owner: ada.id), to: model)
    #expect(commands(.remove(position: 2), on: relisted) == [.remove(TodoID(rawValue: "3"), owner: ada.id)])
  }

  @Test("find shows the numbers the database gave, and changes none")
  func findShowsListedNumbers() {
    let model = removing(2, from: listed)
    let result = TodoSearchResult(
      search: TodoSearch(text: "a3", offset: 0, limit: nil), total: 1,
      rows: [TodoPage.Row(number: 5, item: item(5, "a3"))])
    let found = apply(TodoMessage.found(result, owner: ada.id), to: model)
    #expect(
      updater.result(of: TodoMessage.found(result, owner: ada.id), on: model).model.ui.outbox.map(\.text).last
        == "5. [ ] a3")
    #expect(commands(.remove(position: 3), on: found) == [.remove(TodoID(rawValue: "3"), owner: ada.id)])
  }

  @Test("an item added after the listing is printed with the number the database gave it")
  func addedTakesNextNumber() {
    let model = removing(2, from: listed)
    let added = item(6, "new")
    #expect(
      updater.result(of: TodoMessage.added(added, number: 6, owner: ada.id), on: model).model.ui.outbox.map(
        \.text)
        == ["Added 6. new"])
  }

  @Test(
    "a result prints the number its line named, even when the page's watch dropped the item's row before the result came"
  )
  func numberOutlivesItsRow() throws {
    var model = listed
    model.todos.page?.query = TodoListQuery(filter: .open, pageSize: 10)
    let asked = apply(AppFixture.intent(.setDone(position: 3, true)), to: model)
    // The watch reads the open items again after the commit and sends the page before the result.
    var reread = try #require(asked.todos.page)
    reread.rows.removeAll { $0.number == 3 }
    let dropped = apply(TodoMessage.pageChanged(reread, outside: false, owner: ada.id), to: asked)
    #expect(dropped.todos.page?.row(numbered: 3) == nil)
    var done = item(3, "a1")
    done.isDone = true
    #expect(
      updater.result(of: TodoMessage.toggled(done, owner: ada.id), on: dropped).model.ui.outbox.map(\.text)
        == ["Done 3. a1"])
  }

  @Test("an item added with no number (a trace older than numbers from the database) is printed without one")
  func addedWithoutNumber() {
    #expect(
      updater.result(of: TodoMessage.added(item(6, "new"), number: nil, owner: ada.id), on: listed).model.ui
        .outbox
        .map(\.text) == ["Added: new"])
  }

  @Test("a changed item is printed with the number its line named it by, on the page or off it")
  func changedItemsKeepTheTypedNumber() {
    var model = listed
    model.todos.page?.rows.removeLast(2)
    var done = item(5, "a3")
    done.isDone = true
    let asked = apply(AppFixture.intent(.setDone(position: 5, true)), to: model)
    let answered = apply(
      TodoMessage.lookedUp([TodoNumberLookup(number: 5, named: .item(item(5, "a3")))], owner: ada.id),
      to: asked)
    #expect(
      updater.result(of: TodoMessage.toggled(done, owner: ada.id), on: answered).model.ui.outbox.map(\.text)
        == ["Done 5. a3"])
  }
}
