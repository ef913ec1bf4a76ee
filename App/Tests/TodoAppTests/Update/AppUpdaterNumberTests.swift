import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI
import TodoApp

/// The numbers a listing showed keep meaning the same items until the next listing (Taskwarrior's
/// rule): the whole composition's updater runs, so that results change the to-do slice as they
/// do in the app.
@Suite("AppUpdater: numbers stay as the list showed them")
struct AppUpdaterNumberTests {
  private let ada = AppFixture.ada
  private let now = AppFixture.now
  private let updater = AppComposition.composition.updater

  /// Pay rent, call mom, a1, a2, a3: the list.
  private var listed: AppModel {
    var model = AppFixture.signedIn
    model.todos = TodoModel(
      owner: ada.id,
      items: ["Pay rent", "call mom", "a1", "a2", "a3"].enumerated().map { offset, title in
        TodoItem(
          id: TodoID(rawValue: "\(offset + 1)"), title: .valid(title),
          createdAt: now.addingTimeInterval(Double(offset)))
      })
    return apply(AppFixture.intent(.list(.all)), to: model)
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

  @Test("a number whose item is gone says so and changes nothing")
  func goneNumber() {
    let model = removing(2, from: listed)
    let result = updater.result(of: AppFixture.intent(.setDone(position: 2, true)), on: model)
    #expect(result.commands.isEmpty)
    #expect(
      result.model.ui.outbox.map(\.text) == [
        "Item 2 was deleted after the list was shown; nothing was changed (list shows the numbers now)."
      ])
    #expect(result.model.ui.failures == model.ui.failures + 1)
    #expect(commands(.removeItems(positions: [1, 2], confirmed: true), on: model).isEmpty)
  }

  @Test("the next listing numbers the list afresh")
  func listingRenumbers() {
    let model = apply(AppFixture.intent(.list(.all)), to: removing(2, from: listed))
    #expect(commands(.remove(position: 2), on: model) == [.remove(TodoID(rawValue: "3"), owner: ada.id)])
  }

  @Test("an import does not renumber what was listed: its rows, even the oldest, come after")
  func importKeepsNumbers() {
    let checked = TodoMessage.importChecked(path: "/home/ada/old.csv", importedBefore: false, owner: ada.id)
    var model = apply(checked, to: listed)
    let old = TodoItem(id: TodoID(rawValue: "0"), title: "from 0001", createdAt: .distantPast)
    model = apply(TodoMessage.loaded(ada.id, [old] + listed.todos.items), to: model)
    #expect(
      commands(.setDone(position: 1, true), on: model) == [
        .setDone(TodoID(rawValue: "1"), true, owner: ada.id)
      ])
    #expect(
      commands(.setDone(position: 6, true), on: model) == [
        .setDone(TodoID(rawValue: "0"), true, owner: ada.id)
      ])
  }

  @Test("find shows the numbers the list gave, and does not change them")
  func findShowsListedNumbers() {
    let model = removing(2, from: listed)
    let result = TodoSearchResult(
      search: TodoSearch(text: "a3", offset: 0, limit: nil), total: 1, items: [model.todos.items[3]])
    let found = apply(TodoMessage.found(result, owner: ada.id), to: model)
    #expect(
      updater.result(of: TodoMessage.found(result, owner: ada.id), on: model).model.ui.outbox.map(\.text).last
        == "5. [ ] a3")
    #expect(commands(.remove(position: 3), on: found) == [.remove(TodoID(rawValue: "3"), owner: ada.id)])
  }

  @Test("an item added after the listing takes the next number")
  func addedTakesNextNumber() {
    let model = removing(2, from: listed)
    let item = TodoItem(id: TodoID(rawValue: "6"), title: "new", createdAt: now.addingTimeInterval(10))
    #expect(
      updater.result(of: TodoMessage.added(item, owner: ada.id), on: model).model.ui.outbox.map(\.text)
        == ["Added 6. new"])
  }
}
