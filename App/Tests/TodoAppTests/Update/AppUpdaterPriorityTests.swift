import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI

@testable import TodoApp

@Suite("AppUpdater: priorities")
struct AppUpdaterPriorityTests {
  private let ada = AppFixture.ada
  private let now = AppFixture.now

  private func item(
    _ id: String, _ priority: TodoPriority = .none, due: TimeInterval? = nil, done: Bool = false,
    at offset: Double
  ) -> TodoItem {
    TodoItem(
      id: TodoID(rawValue: id), title: .valid(id), isDone: done, dueDate: due.map { now + $0 },
      priority: priority,
      createdAt: now + offset)
  }

  /// Seven items in creation order, numbered 1 to 7 in the list.
  private var mixed: AppModel {
    var model = AppFixture.signedIn
    model.todos = .listing(
      owner: ada.id,
      items: [
        item("plain", at: 1), item("done high", .high, done: true, at: 2), item("low", .low, at: 3),
        item("high later", .high, due: 7_200, at: 4), item("high", .high, at: 5),
        item("high sooner", .high, due: 3_600, at: 6), item("plain due", due: 60, at: 7),
      ])
    return model
  }

  @Test("pri N sets the priority of item N")
  func setPriority() {
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn, when: AppFixture.intent(.setPriority(position: 1, .high)),
      then: AppFixture.signedIn.naming(1, AppFixture.milk),
      commands: [TodoCommand.setPriority(AppFixture.milk.id, .high, owner: ada.id)])
    assertNoItem(
      3, when: .setPriority(position: 3, .low), given: AppFixture.signedIn,
      says: "There is no item 3; the list has 2 (see list).")
  }

  @Test("a changed priority is confirmed with the item's number")
  func priorityChanged() {
    var milk = AppFixture.milk
    milk.priority = .medium
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn, when: TodoMessage.priorityChanged(milk, owner: ada.id)
    ) {
      $0.ui.say("1. Buy milk has medium priority.")
    }
    milk.priority = .none
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn, when: TodoMessage.priorityChanged(milk, owner: ada.id)
    ) {
      $0.ui.say("1. Buy milk has no priority now.")
    }
  }

  @Test("list shows open items by priority, then due time, then creation, before done items; numbers stay")
  func listOrder() {
    assertListing(.list(.all), given: mixed) {
      $0.ui.say("6. [ ] high sooner  (high priority, due 2026-11-22 13:00)")
      $0.ui.say("4. [ ] high later  (high priority, due 2026-11-22 14:00)")
      $0.ui.say("5. [ ] high  (high priority)")
      $0.ui.say("3. [ ] low  (low priority)")
      $0.ui.say("7. [ ] plain due  (due 2026-11-22 12:01)")
      $0.ui.say("1. [ ] plain")
      $0.ui.say("2. [x] done high  (high priority)")
    }
    assertListing(.listPage(.open, page: 2, pageSize: 4), given: mixed) {
      $0.ui.say("6 of 7 items are open.")
      $0.ui.row("7. [ ] plain due  (due 2026-11-22 12:01)")
      $0.ui.row("1. [ ] plain")
      $0.ui.say("Page 2 of 2: 5–6 of 6 open items. Everything: list open --all.")
    }
  }
}
