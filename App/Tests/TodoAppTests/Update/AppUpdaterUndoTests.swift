import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI

@testable import TodoApp

@Suite("AppUpdater: undo")
struct AppUpdaterUndoTests {
  private let ada = AppFixture.ada

  @Test("undo asks TodoImpl to revert the signed-in user's last change")
  func undo() {
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn, when: AppFixture.intent(.undo), then: AppFixture.signedIn,
      commands: [TodoCommand.undo(owner: ada.id)])
  }

  @Test("undo while an import runs is refused: it would revert part of the import")
  func undoDuringImport() {
    var model = AppFixture.signedIn
    model.todos.startImport(path: "/tmp/in.csv")
    assertUpdate(AppUpdater(), given: model, when: AppFixture.intent(.undo)) {
      $0.ui.fail("An import is running: let it finish or stop it (import cancel), then undo.")
    }
  }

  @Test("undo needs a signed-in user")
  func signedOut() {
    assertUpdate(AppUpdater(), given: AppModel(), when: AppFixture.intent(.undo)) {
      $0.ui.fail("Sign in first (login NAME, or register NAME).")
    }
  }

  @Test("undo N reopens item N after a notice")
  func retiredUndoN() {
    let notice = "`undo N` is now `reopen N`; `undo` alone reverts your last change."
    var given = AppFixture.signedIn
    given.todos.upsert(
      TodoItem(id: AppFixture.milk.id, title: "Buy milk", isDone: true, createdAt: AppFixture.now))
    given = AppFixture.listed(given)
    assertUpdate(
      AppUpdater(), given: given,
      when: AppFixture.intent(.retiredSpelling(.setDone(position: 1, false), notice: notice)),
      commands: [TodoCommand.setDone(AppFixture.milk.id, false, owner: ada.id)]
    ) {
      $0.ui.warn(notice)
      $0.ui.numbered[AppFixture.milk.id] = 1
    }
  }

  @Test("what was undone is said: the change and its item, the count of a clear-done or an import")
  func undone() {
    let cases: [(TodoUndo, String)] = [
      (
        TodoUndo(change: .add, subject: "buy milk", restored: [], removed: [AppFixture.milk.id]),
        "Undid: add \"buy milk\""
      ),
      (
        TodoUndo(change: .reopen, subject: "Call mom", restored: [AppFixture.mom], removed: []),
        "Undid: reopen \"Call mom\""
      ),
      (
        TodoUndo(change: .clearDone, subject: "", restored: [AppFixture.mom], removed: []),
        "Undid: clear-done (1 item back)."
      ),
      (
        TodoUndo(
          change: .importCSV, subject: "/tmp/in.csv", restored: [AppFixture.mom],
          removed: [AppFixture.milk.id]),
        "Undid: import /tmp/in.csv (1 item removed, 1 restored)."
      ),
    ]
    for (undo, line) in cases {
      assertUpdate(AppUpdater(), given: AppFixture.signedIn, when: TodoMessage.undone(undo, owner: ada.id)) {
        $0.ui.say(line)
      }
    }
  }

  @Test("nothing to undo is said as a failure")
  func nothingToUndo() {
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn, when: TodoMessage.failed(.nothingToUndo, owner: ada.id)
    ) {
      $0.ui.fail("Nothing to undo.")
    }
  }

  @Test("help undo says what cannot be undone")
  func help() {
    assertUpdate(AppUpdater(), given: AppFixture.signedIn, when: AppFixture.intent(.undoHelp)) {
      for line in Help.undoLines { $0.ui.say(line) }
    }
    #expect(Help.undoLines.contains { $0.contains("export") })
    #expect(Help.undoLines.contains { $0.contains("last 100 changes") })
  }
}
