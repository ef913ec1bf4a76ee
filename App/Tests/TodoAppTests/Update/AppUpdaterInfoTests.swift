import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI

@testable import TodoApp

/// `info N` (issue 59: a Taskwarrior habit): every field of one item, read where `done N` reads it.
@Suite("AppUpdater: info")
struct AppUpdaterInfoTests {
  private let ada = AppFixture.ada
  private let now = AppFixture.now

  /// Ada's list, listed, with a first item that has every field set.
  private var model: AppModel {
    var model = AppFixture.signedIn
    let full = TodoItem(
      id: TodoID(rawValue: "full"), title: "Renew the passport before the trip to Lisbon", isDone: false,
      dueDate: now.addingTimeInterval(-60), priority: .high, tags: [TodoTag("home")!, TodoTag("trip")!],
      createdAt: now.addingTimeInterval(-86_400), updatedAt: now.addingTimeInterval(-3_600))
    model.todos = .listing(owner: ada.id, items: [full, AppFixture.mom])
    return model
  }

  @Test("info N prints every field of item N, its title whole, and sends no command")
  func everyField() {
    assertUpdate(AppUpdater(), given: model, when: AppFixture.intent(.info(position: 1))) {
      $0.ui.say("Item 1: Renew the passport before the trip to Lisbon")
      $0.ui.say("  state     open")
      $0.ui.say("  priority  high")
      $0.ui.say("  due       2026-11-22 11:59 (overdue)")
      $0.ui.say("  tags      +home +trip")
      $0.ui.say("  added     2026-11-21 12:00")
      $0.ui.say("  changed   2026-11-22 11:00")
      $0.ui.say("  id        full")
    }
    let done = AppUpdater().result(of: AppFixture.intent(.info(position: 2)), on: model).model.ui.outbox
    #expect(
      done.map(\.text).prefix(5) == [
        "Item 2: Call mom", "  state     done", "  priority  none", "  due       none", "  tags      none",
      ])
  }

  @Test("info of a number off the page asks the database first; of none, fails as done does")
  func offThePage() {
    let asked = AppUpdater().result(of: AppFixture.intent(.info(position: 9)), on: model)
    #expect(asked.commands.compactMap { $0 as? TodoCommand } == [.lookUp([9], owner: ada.id)])
    let answered = AppUpdater().result(
      of: TodoMessage.lookedUp([TodoNumberLookup(number: 9, named: .item(AppFixture.milk))], owner: ada.id),
      on: asked.model)
    #expect(answered.model.ui.outbox.first?.text == "Item 9: Buy milk")
    #expect(answered.commands.isEmpty)
    assertNoItem(
      9, when: .info(position: 9), given: model, says: "There is no item 9; the list has 2 (see list).")
  }
}
