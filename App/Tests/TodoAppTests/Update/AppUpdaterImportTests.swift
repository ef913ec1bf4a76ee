import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import NotificationsAPI
import Testing
import TodoAPI
import TodoApp

@Suite("AppUpdater: import and export")
struct AppUpdaterImportTests {
  private let ada = AppFixture.ada
  private let path = "/home/ada/big.csv"

  private var importing: AppModel {
    var model = AppFixture.signedIn
    model.ui.runningImport = ImportRequest(path: path)
    return model
  }

  private var reporting: AppModel {
    var model = importing
    model.todos.importProgress = TodoImportProgress(path: path, fraction: 0.25, imported: 5_000)
    return model
  }

  @Test("import notes the running import, says so, and emits the import command")
  func start() {
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn, when: AppFixture.intent(.importCSV(path: path)),
      commands: [TodoCommand.importCSV(path: path, owner: ada.id)]
    ) {
      $0.ui.runningImport = ImportRequest(path: path)
      $0.ui.say("Importing \(path)…")
    }
  }

  @Test("a second import while one runs is refused before it reaches the interpreter")
  func secondImport() {
    assertUpdate(AppUpdater(), given: importing, when: AppFixture.intent(.importCSV(path: "/other.csv"))) {
      $0.ui.fail("An import is already running (import cancel stops it).")
    }
  }

  @Test("import cancel before the first progress report waits for it, then cancels")
  func cancelBeforeProgress() {
    assertUpdate(AppUpdater(), given: importing, when: AppFixture.intent(.cancelImport)) {
      $0.ui.say("Stopping the import after its current batch…")
      $0.ui.runningImport?.cancelsOnStart = true
    }
    var waiting = importing
    waiting.ui.runningImport?.cancelsOnStart = true
    // TodoUpdater, which runs first, has stored the progress.
    let progress = TodoImportProgress(path: path, fraction: 0.25, imported: 5_000)
    waiting.todos.importProgress = progress
    assertUpdate(
      AppUpdater(), given: waiting, when: TodoMessage.importProgress(progress, owner: ada.id),
      commands: [TodoCommand.cancelImport(owner: ada.id)]
    ) { $0.ui.runningImport?.cancelsOnStart = false }
  }

  @Test("import cancel once the import reports progress cancels at once")
  func cancelAfterProgress() {
    assertUpdate(
      AppUpdater(), given: reporting, when: AppFixture.intent(.cancelImport),
      commands: [TodoCommand.cancelImport(owner: ada.id)]
    ) { $0.ui.say("Stopping the import after its current batch…") }
  }

  @Test("import cancel with no import running is an error")
  func cancelNothing() {
    assertUpdate(AppUpdater(), given: AppFixture.signedIn, when: AppFixture.intent(.cancelImport)) {
      $0.ui.fail("No import is running.")
    }
  }

  @Test("the import's report ends it and is printed")
  func finished() {
    let report = TodoImportReport(
      path: path, imported: 10_000, skippedCount: 0, errors: [], wasCancelled: true)
    assertUpdate(AppUpdater(), given: importing, when: TodoMessage.importFinished(report, owner: ada.id)) {
      $0.ui.runningImport = nil
      $0.ui.say("Import cancelled; 10000 rows imported before it stopped.")
    }
  }

  @Test("a file that cannot be read ends the import with an error")
  func missingFile() {
    assertUpdate(
      AppUpdater(), given: importing, when: TodoMessage.failed(.fileNotFound(path: path), owner: ada.id)
    ) {
      $0.ui.runningImport = nil
      $0.ui.fail("No such file: \(path)")
    }
  }

  @Test("SIGTERM before the import's first report cancels it with that report")
  func terminateBeforeProgress() {
    assertUpdate(AppUpdater(), given: importing, when: AppMessage.signalReceived(.terminate)) {
      $0.ui.lifecycle = .shutdownRequested(signal: "SIGTERM")
      $0.ui.say("SIGTERM: finishing in-flight work, then exiting.")
      $0.ui.runningImport?.cancelsOnStart = true
    }
  }

  @Test("export emits the export command; its result names the count and the file")
  func export() {
    let signedIn = AppFixture.signedIn
    assertUpdate(
      AppUpdater(), given: signedIn,
      when: AppFixture.intent(.exportCSV(path: "/home/ada/out.csv", replacing: false)),
      then: signedIn, commands: [TodoCommand.exportCSV(path: "/home/ada/out.csv", owner: ada.id)])
    assertUpdate(
      AppUpdater(), given: signedIn,
      when: TodoMessage.exportFinished(path: "/home/ada/out.csv", count: 2, owner: ada.id)
    ) { $0.ui.say("Exported 2 items to /home/ada/out.csv.") }
  }
}
