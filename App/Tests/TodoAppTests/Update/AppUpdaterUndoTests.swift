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

  @Test(
    "undo at a terminal asks the database what it would take back, and asks the user first when that is more than one item"
  )
  func undoAsksAboutMany() {
    let intent = UserIntent.undoAskingFirst
    let waiting = WaitingIntent(intent, at: AppFixture.now)
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn, when: AppFixture.intent(intent),
      commands: [TodoCommand.previewUndo(owner: ada.id)]
    ) {
      $0.ui.waiting = waiting
    }
    var previewing = AppFixture.signedIn
    previewing.ui.waiting = waiting
    let big = TodoUndoPreview(change: .importCSV, subject: "/tmp/big.csv", removes: 1_000_000, restores: 3)
    let question = Question.confirmUndo(
      text: "Undo import /tmp/big.csv (1,000,000 items removed, 3 restored)? [y/N] ")
    assertUpdate(AppUpdater(), given: previewing, when: TodoMessage.undoPreviewed(big, owner: ada.id)) {
      $0.ui.waiting = nil
      $0.ui.question = question
    }
    var asked = AppFixture.signedIn
    asked.ui.question = question
    assertUpdate(AppUpdater(), given: asked, when: AppMessage.answered(.text("n"))) {
      $0.ui.question = nil
      $0.ui.say("undo: not confirmed; nothing was undone.")
    }
    assertUpdate(
      AppUpdater(), given: asked, when: AppMessage.answered(.text("y")),
      commands: [TodoCommand.undo(owner: ada.id)]
    ) {
      $0.ui.question = nil
    }
    // One item, or nothing to undo (the undo says so): no question.
    for small in [TodoUndoPreview(change: .done, subject: "Buy milk", removes: 0, restores: 1), nil] {
      assertUpdate(
        AppUpdater(), given: previewing, when: TodoMessage.undoPreviewed(small, owner: ada.id),
        commands: [TodoCommand.undo(owner: ada.id)]
      ) {
        $0.ui.waiting = nil
      }
    }
  }

  @Test("undo's question names the change: an rm of several or a clear-done by the items it puts back")
  func undoQuestions() {
    #expect(
      Confirmation.undoQuestion(TodoUndoPreview(change: .remove, subject: "", removes: 0, restores: 8))?.label
        == "Undo rm (8 items back)? [y/N] ")
    #expect(
      Confirmation.undoQuestion(TodoUndoPreview(change: .clearDone, subject: "", removes: 0, restores: 2))?
        .label
        == "Undo clear-done (2 items back)? [y/N] ")
    #expect(
      Confirmation.undoQuestion(TodoUndoPreview(change: .add, subject: "x", removes: 1, restores: 0)) == nil)
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
    given = AppFixture.listed(
      given,
      items: [
        TodoItem(id: AppFixture.milk.id, title: "Buy milk", isDone: true, createdAt: AppFixture.now),
        AppFixture.mom,
      ])
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
