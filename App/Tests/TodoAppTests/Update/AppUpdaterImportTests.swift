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
    model.todos.startImport(path: path)
    return model
  }

  private var reporting: AppModel {
    var model = importing
    model.todos.importProgress = TodoImportProgress(path: path, run: 1, fraction: 0.25, imported: 5_000)
    return model
  }

  // `list` during an import showed the list as it was, with no word of the rows arriving (issue 59).
  // Since the numbers are the database's (issue 56), the page is read from it during an import too,
  // with the rows stored so far.
  @Test("list during an import reads the page from the database, and says the import still stores rows")
  func listDuringImport() {
    for (model, stored) in [(importing, ""), (reporting, " (5,000 so far)")] {
      let asked = AppUpdater().result(of: AppFixture.intent(.list(.all)), on: model)
      #expect(
        asked.commands.compactMap { $0 as? TodoCommand } == [
          .readPage(TodoListQuery(), at: AppFixture.now, owner: ada.id)
        ])
      let page = TodoPage(
        query: TodoListQuery(),
        rows: [
          TodoPage.Row(number: 1, item: AppFixture.milk), TodoPage.Row(number: 2, item: AppFixture.mom),
        ],
        matching: 2, counts: TodoCounts(counting: model.todos.listedItems))
      let listed = AppUpdater().result(
        of: TodoMessage.pageRead(page, at: AppFixture.now, owner: ada.id), on: asked.model
      ).model
      #expect(
        listed.ui.outbox.map(\.text) == [
          "1. [ ] Buy milk", "2. [x] Call mom",
          "The import of \(path) is still storing rows\(stored): the list shows those stored (import cancel stops it).",
        ])
    }
  }

  @Test("import first asks TodoImpl whether the file was imported before, unchanged")
  func check() {
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn, when: AppFixture.intent(.importCSV(path: path, asks: true)),
      commands: [TodoCommand.checkImport(path: path, owner: ada.id)]
    ) { $0.ui.importAsks = true }
  }

  @Test("a file not imported before: the running import goes in the model, which asks for it, and says so")
  func start() {
    let checked = TodoMessage.importChecked(path: path, importedBefore: false, owner: ada.id)
    assertUpdate(AppUpdater(), given: AppFixture.signedIn, when: checked) {
      $0.todos.startImport(path: path)
      $0.ui.say("Importing \(path)…")
    }
    #expect(
      AppUpdater().result(of: checked, on: AppFixture.signedIn).model.todos.runningImport
        == TodoImportSubscription(owner: ada.id, path: path, run: 1))
  }

  @Test("a file imported before, unchanged: a terminal asks, and a yes imports it again; a script refuses")
  func importedBefore() {
    let checked = TodoMessage.importChecked(path: path, importedBefore: true, owner: ada.id)
    var asking = AppFixture.signedIn
    asking.ui.importAsks = true
    let question = Question.confirmImport(
      path: path,
      text:
        "\(path) was imported already and has not changed since: importing it again adds its rows without an id "
        + "a second time, and its rows with an id put their items back as the file has them (undo takes an import "
        + "back). Import it again? [y/N] ")
    assertUpdate(AppUpdater(), given: asking, when: checked) { $0.ui.question = question }
    asking.ui.question = question
    assertUpdate(AppUpdater(), given: asking, when: AppMessage.answered(.text("y"))) {
      $0.ui.question = nil
      $0.todos.startImport(path: path, again: true)
      $0.ui.say("Importing \(path)…")
    }
    assertUpdate(AppUpdater(), given: asking, when: AppMessage.answered(.text(""))) {
      $0.ui.question = nil
      $0.ui.say("import: not confirmed; nothing was imported.")
    }
    assertUpdate(AppUpdater(), given: AppFixture.signedIn, when: checked) {
      $0.ui.fail(
        "\(path) was imported already and has not changed since: importing it again would add its rows without "
          + "an id a second time, and put the items of its rows with an id back as the file has them. "
          + "import --again \(path) imports it again (undo takes an import back).")
    }
  }

  @Test("import --again starts the import at once, marked to import the file again")
  func again() {
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn, when: AppFixture.intent(.importCSV(path: path, again: true))
    ) {
      $0.todos.startImport(path: path, again: true)
      $0.ui.say("Importing \(path)…")
    }
  }

  @Test("a second import while one runs is refused")
  func secondImport() {
    assertUpdate(AppUpdater(), given: importing, when: AppFixture.intent(.importCSV(path: "/other.csv"))) {
      $0.ui.fail("An import is already running (import cancel stops it).")
    }
  }

  @Test(
    "import cancel ends the import at once, before or after its first report, says how far it got, and reloads",
    arguments: [false, true])
  func cancel(afterProgress: Bool) {
    assertUpdate(
      AppUpdater(), given: afterProgress ? reporting : importing, when: AppFixture.intent(.cancelImport),
      commands: [TodoCommand.load(ada.id)]
    ) {
      $0.todos.stopImport()
      $0.todos.isLoading = true
      $0.ui.say("Stopping the import after its current batch…")
      $0.ui.say(
        afterProgress
          ? "Import of \(path) stopped at 25% of the file: at least 5,000 rows were stored."
          : "Import of \(path) stopped before its first report.")
      $0.ui.say("Importing the file again resumes after the last row stored.")
      $0.ui.say("Import cancelled; reloading the list to show what was stored.")
    }
  }

  @Test("import cancel with no import running is an error")
  func cancelNothing() {
    assertUpdate(AppUpdater(), given: AppFixture.signedIn, when: AppFixture.intent(.cancelImport)) {
      $0.ui.fail("No import is running.")
    }
  }

  @Test("the import's report, once the to-do slice has taken it, is printed")
  func finished() {
    let report = TodoImportReport(path: path, run: 1, imported: 10_000, skippedCount: 0, errors: [])
    var applied = AppFixture.signedIn
    applied.todos.lastImport = report
    assertUpdate(AppUpdater(), given: applied, when: TodoMessage.importFinished(report, owner: ada.id)) {
      $0.ui.say("Imported 10,000 rows from \(path).")
    }
  }

  @Test("the report of an import that resumed a stopped one says where it began")
  func resumed() {
    let report = TodoImportReport(
      path: path, run: 2, imported: 15_000, skippedCount: 0, errors: [], resumedAfterLine: 5_001)
    var applied = AppFixture.signedIn
    applied.todos.lastImport = report
    assertUpdate(AppUpdater(), given: applied, when: TodoMessage.importFinished(report, owner: ada.id)) {
      $0.ui.say("Resumed after line 5,001, where an earlier import of the file stopped.")
      $0.ui.say("Imported 15,000 rows from \(path).")
    }
  }

  @Test("the report of an import some of whose rows replaced an item says how many, and how many are new")
  func replacedRows() {
    let report = TodoImportReport(
      path: path, run: 1, imported: 2, skippedCount: 0, errors: [], resumedAfterLine: nil, replaced: 1)
    var applied = AppFixture.signedIn
    applied.todos.lastImport = report
    assertUpdate(AppUpdater(), given: applied, when: TodoMessage.importFinished(report, owner: ada.id)) {
      $0.ui.say(
        "Imported 2 rows from \(path): 1 new item, 1 replacing the item with its id "
          + "(in the list, or a row earlier in the file).")
    }
  }

  @Test(
    "an import none of whose rows was stored is a failure (a script exits 1); one that stored some reports its malformed rows only"
  )
  func everyRowMalformed() {
    let errors = [TodoImportRowError(line: 2, reason: "done is \"maybe\"")]
    for imported in [0, 1] {
      let report = TodoImportReport(path: path, run: 1, imported: imported, skippedCount: 1, errors: errors)
      var applied = AppFixture.signedIn
      applied.todos.lastImport = report
      assertUpdate(AppUpdater(), given: applied, when: TodoMessage.importFinished(report, owner: ada.id)) {
        $0.ui.say("Imported \(imported) row\(imported == 1 ? "" : "s") from \(path).")
        if imported == 0 {
          $0.ui.fail("Every row was malformed: skipped 1 row:")
        } else {
          $0.ui.say("Skipped 1 malformed row:")
        }
        $0.ui.say("  line 2: done is \"maybe\"")
      }
    }
  }

  @Test("a file that cannot be read ends the import with an error")
  func missingFile() {
    var applied = AppFixture.signedIn
    applied.todos.lastError = .fileNotFound(path: path)
    assertUpdate(
      AppUpdater(), given: applied,
      when: TodoMessage.importFailed(.fileNotFound(path: path), run: 1, owner: ada.id)
    ) {
      $0.ui.fail("No such file: \(path)")
    }
  }

  @Test(
    "SIGTERM during an import, even before its first report, ends it and exits without reloading the list")
  func terminateBeforeProgress() {
    assertUpdate(AppUpdater(), given: importing, when: AppMessage.signalReceived(.terminate)) {
      $0.ui.lifecycle = .shutdownRequested(signal: "SIGTERM")
      $0.ui.say("SIGTERM: finishing in-flight work, then exiting.")
      $0.todos.stopImport()
      $0.ui.say("Import of \(path) stopped before its first report.")
      $0.ui.say("Importing the file again resumes after the last row stored.")
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

  @Test("a long export's progress is kept for the terminal to show, until its result or failure")
  func exportProgress() {
    let signedIn = AppFixture.signedIn
    let out = "/home/ada/out.csv"
    assertUpdate(
      AppUpdater(), given: signedIn,
      when: TodoMessage.exportProgress(path: out, fraction: 0.42, owner: ada.id)
    ) { $0.ui.exportProgress = 0.42 }
    var exporting = signedIn
    exporting.ui.exportProgress = 0.42
    assertUpdate(
      AppUpdater(), given: exporting, when: TodoMessage.exportFinished(path: out, count: 2, owner: ada.id)
    ) {
      $0.ui.exportProgress = nil
      $0.ui.say("Exported 2 items to \(out).")
    }
    assertUpdate(
      AppUpdater(), given: exporting, when: TodoMessage.failed(.storage("disk full"), owner: ada.id)
    ) {
      $0.ui.exportProgress = nil
      $0.ui.fail(TodoFailure.storage("disk full").description)
    }
  }

  @Test("counts print in groups of three in every message, as in list: 200,012")
  func groupedCounts() {
    let signedIn = AppFixture.signedIn
    assertUpdate(
      AppUpdater(), given: signedIn,
      when: TodoMessage.exportFinished(path: "/home/ada/out.csv", count: 200_012, owner: ada.id)
    ) { $0.ui.say("Exported 200,012 items to /home/ada/out.csv.") }
    let ids = (0..<1_234).map { TodoID(rawValue: "\($0)") }
    assertUpdate(AppUpdater(), given: signedIn, when: TodoMessage.clearedCompleted(ids, owner: ada.id)) {
      $0.ui.say("Cleared 1,234 done items.")
    }
    let items = (0..<1_500).map {
      TodoItem(id: TodoID(rawValue: "\($0)"), title: "T", createdAt: AppFixture.now)
    }
    var loading = signedIn
    loading.todos.isLoading = true
    let loaded = AppUpdater().result(
      of: TodoMessage.loaded(ada.id, TodoSummary(counting: items)), on: loading
    ).model
    #expect(
      loaded.ui.outbox.map(\.text).contains("You have 1,500 items (1,500 open, 0 done)."),
      "\(loaded.ui.outbox)")
  }
}
