import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import Testing
import TodoAPI
import TodoImpl

@Suite("TodoUpdater")
struct TodoUpdaterTests {
  private let updater = TodoUpdater()

  private func item(_ id: String, at seconds: Double, done: Bool = false) -> TodoItem {
    TodoItem(
      id: TodoID(rawValue: id), title: .valid("item \(id)"), isDone: done,
      createdAt: Date(timeIntervalSince1970: seconds))
  }

  /// Alice's list of two items, open and listed: the page shows both.
  private var aliceList: TodoModel {
    let items = [item("a", at: 1), item("b", at: 2, done: true)]
    return TodoModel(owner: Users.alice, page: .listing(items), summary: TodoSummary(counting: items))
  }

  /// The items the page of `model` shows, in order.
  private func shown(_ model: TodoModel) -> [TodoItem] {
    model.page?.rows.map(\.item) ?? []
  }

  // MARK: - Authentication

  @Test("signing in gives the slice to the user, marks it loading and loads the user's list")
  func signedIn() {
    var previous = TodoModel()
    previous.lastError = .notSignedIn
    var expected = TodoModel(owner: Users.bob)
    expected.isLoading = true
    assertUpdate(
      updater, given: previous, when: AuthenticationMessage.signedIn(Users.session(for: Users.bob)),
      then: expected, commands: [TodoCommand.load(Users.bob)])
  }

  @Test("signing in as another user empties the slice and loads the new list")
  func signedInAsAnotherUser() {
    var expected = TodoModel(owner: Users.bob)
    expected.isLoading = true
    assertUpdate(
      updater, given: aliceList, when: AuthenticationMessage.signedIn(Users.session(for: Users.bob)),
      then: expected, commands: [TodoCommand.load(Users.bob)])
  }

  @Test("signing in as another user ends the previous owner's import; the run counter goes on")
  func signedInAsAnotherUserStopsImport() {
    var model = aliceList
    model.startImport(path: "/f.csv")
    var commands: [any Command] = []
    _ = updater.update(
      &model, message: AuthenticationMessage.signedIn(Users.session(for: Users.bob)), commands: &commands)
    #expect(model.owner == Users.bob)
    #expect(model.runningImport == nil)
    #expect(model.startImport(path: "/f.csv")?.run == 2)
  }

  @Test("signing in again as the owner keeps the owner's import running")
  func signedInAgainKeepsImport() {
    var model = aliceList
    let running = model.startImport(path: "/f.csv")
    var commands: [any Command] = []
    _ = updater.update(
      &model, message: AuthenticationMessage.signedIn(Users.session(for: Users.alice)), commands: &commands)
    #expect(model.runningImport == running)
    #expect(commands.count == 1 && commands.first as? TodoCommand == .load(Users.alice))
  }

  @Test("signing in again as the owner reloads the list and leaves the owner's import running")
  func signedInAgain() {
    var expected = TodoModel(owner: Users.alice)
    expected.isLoading = true
    assertUpdate(
      updater, given: aliceList, when: AuthenticationMessage.signedIn(Users.session(for: Users.alice)),
      then: expected, commands: [TodoCommand.load(Users.alice)])
  }

  @Test("signing out empties the slice")
  func signedOut() {
    assertUpdate(updater, given: aliceList, when: AuthenticationMessage.signedOut, then: TodoModel())
  }

  @Test("signing out ends the user's import, whether or not it has reported progress")
  func signedOutStopsImport() {
    for reported in [false, true] {
      var model = aliceList
      model.startImport(path: "/f.csv")
      if reported {
        model.importProgress = TodoImportProgress(path: "/f.csv", run: 1, fraction: 0.5, imported: 10)
      }
      var commands: [any Command] = []
      _ = updater.update(&model, message: AuthenticationMessage.signedOut, commands: &commands)
      #expect(model.runningImport == nil && model.importProgress == nil && model.owner == nil)
      #expect(commands.isEmpty)
      #expect(TodoSubscriptions().subscriptions(for: model, message: nil).isEmpty)
    }
  }

  @Test("signing out when nobody is signed in changes nothing and cancels nothing")
  func signedOutTwice() {
    assertUpdate(updater, given: TodoModel(), when: AuthenticationMessage.signedOut, then: TodoModel())
  }

  @Test("an expired session empties the slice")
  func sessionExpired() {
    assertUpdate(
      updater, given: aliceList, when: AuthenticationMessage.sessionExpired(Users.session(for: Users.alice)),
      then: TodoModel())
  }

  @Test("other authentication messages change nothing")
  func otherAuthenticationMessages() {
    let user = User(id: Users.bob, name: "bob")
    assertUpdate(updater, given: aliceList, when: AuthenticationMessage.registered(user), then: aliceList)
    assertUpdate(
      updater, given: aliceList, when: AuthenticationMessage.signInFailed(.wrongCredentials), then: aliceList)
    assertUpdate(
      updater, given: aliceList, when: AuthenticationMessage.registrationFailed(.usernameTaken("x")),
      then: aliceList)
    assertUpdate(updater, given: aliceList, when: AuthenticationMessage.noSavedSession, then: aliceList)
  }

  @Test("declares the two message types it handles, so the store routes only those")
  func messageTypes() {
    let types = updater.messageTypes?.map(ObjectIdentifier.init) ?? []
    #expect(Set(types) == [ObjectIdentifier(TodoMessage.self), ObjectIdentifier(AuthenticationMessage.self)])
  }

  // MARK: - Loading

  @Test("an opened list's summary is kept, and loading ends")
  func loaded() {
    var loading = TodoModel(owner: Users.alice)
    loading.isLoading = true
    let summary = TodoSummary(counting: [item("b", at: 2), item("a", at: 1)])
    assertUpdate(updater, given: loading, when: TodoMessage.loaded(Users.alice, summary)) {
      $0.summary = summary
      $0.isLoading = false
    }
  }

  @Test("a load keeps the last error, which belongs to what the user did")
  func loadKeepsError() {
    var model = aliceList
    model.lastError = .storage("disk full")
    assertUpdate(updater, given: model, when: TodoMessage.loaded(Users.alice, TodoSummary())) {
      $0.summary = TodoSummary()
    }
  }

  // MARK: - Item results

  @Test("an added item clears the last error; the page shows it once read again")
  func added() {
    var model = aliceList
    model.lastError = .emptyTitle
    let new = item("c", at: 1.5)
    assertUpdate(updater, given: model, when: TodoMessage.added(new, number: 3, owner: Users.alice)) {
      $0.lastError = nil
    }
  }

  @Test("a renamed item's row shows the new title")
  func renamed() {
    var renamed = item("a", at: 1)
    renamed.title = "new title"
    let message = TodoMessage.renamed(renamed, owner: Users.alice)
    assertUpdate(updater, given: aliceList, when: message) { $0.page?.update(renamed) }
    #expect(shown(updater.result(of: message, on: aliceList).model).first?.title == "new title")
  }

  @Test(
    "an undone step takes the items it had added off the page and shows the ones it put back as they are again"
  )
  func undone() {
    var model = aliceList
    model.lastError = .nothingToUndo
    var restored = item("a", at: 1)
    restored.title = "as before"
    let undo = TodoUndo(
      change: .importCSV, subject: "/x.csv", restored: [restored], removed: [TodoID(rawValue: "b")])
    let after = updater.result(of: TodoMessage.undone(undo, owner: Users.alice), on: model).model
    #expect(shown(after) == [restored])
    #expect(after.lastError == nil)
  }

  @Test("a toggled item's row shows it done, in place")
  func toggled() {
    let toggled = item("a", at: 1, done: true)
    let message = TodoMessage.toggled(toggled, owner: Users.alice)
    #expect(shown(updater.result(of: message, on: aliceList).model).map(\.isDone) == [true, true])
    assertUpdate(updater, given: aliceList, when: message) { $0.page?.update(toggled) }
  }

  @Test("an item with a new due date shows it on its row")
  func dueDateChanged() {
    var changed = item("b", at: 2, done: true)
    changed.dueDate = Date(timeIntervalSince1970: 99)
    let message = TodoMessage.dueDateChanged(changed, owner: Users.alice)
    assertUpdate(updater, given: aliceList, when: message) { $0.page?.update(changed) }
    #expect(
      shown(updater.result(of: message, on: aliceList).model).last?.dueDate == Date(timeIntervalSince1970: 99)
    )
  }

  @Test("an item with a new priority shows it on its row, in place")
  func priorityChanged() {
    var changed = item("a", at: 1)
    changed.priority = .high
    let message = TodoMessage.priorityChanged(changed, owner: Users.alice)
    assertUpdate(updater, given: aliceList, when: message) { $0.page?.update(changed) }
    #expect(shown(updater.result(of: message, on: aliceList).model).first == changed)
  }

  @Test("a removed item leaves the page")
  func removed() {
    let message = TodoMessage.removed([TodoID(rawValue: "a")], owner: Users.alice)
    #expect(shown(updater.result(of: message, on: aliceList).model).map(\.id.rawValue) == ["b"])
    assertUpdate(updater, given: aliceList, when: message) { $0.page?.remove([TodoID(rawValue: "a")]) }
  }

  @Test("items removed together leave the page in one update")
  func removedTogether() {
    let message = TodoMessage.removed([TodoID(rawValue: "b"), TodoID(rawValue: "a")], owner: Users.alice)
    #expect(shown(updater.result(of: message, on: aliceList).model).isEmpty)
    assertUpdate(updater, given: aliceList, when: message) {
      $0.page?.remove([TodoID(rawValue: "b"), TodoID(rawValue: "a")])
    }
  }

  @Test("cleared items leave the page")
  func clearedCompleted() {
    let message = TodoMessage.clearedCompleted([TodoID(rawValue: "b")], owner: Users.alice)
    #expect(shown(updater.result(of: message, on: aliceList).model).map(\.id.rawValue) == ["a"])
    assertUpdate(updater, given: aliceList, when: message) { $0.page?.remove([TodoID(rawValue: "b")]) }
  }

  // MARK: - Stale results

  /// One result of each kind, from commands Alice sent.
  private static let alicesResults: [TodoMessage] = [
    .loaded(Users.alice, TodoSummary(counts: TodoCounts(total: 1, open: 1))),
    .added(
      TodoItem(id: TodoID(rawValue: "a"), title: "a", createdAt: .distantPast), number: 1, owner: Users.alice),
    .renamed(TodoItem(id: TodoID(rawValue: "a"), title: "b", createdAt: .distantPast), owner: Users.alice),
    .toggled(
      TodoItem(id: TodoID(rawValue: "a"), title: "a", isDone: true, createdAt: .distantPast),
      owner: Users.alice),
    .dueDateChanged(
      TodoItem(id: TodoID(rawValue: "a"), title: "a", dueDate: .distantFuture, createdAt: .distantPast),
      owner: Users.alice),
    .removed([TodoID(rawValue: "a")], owner: Users.alice),
    .clearedCompleted([TodoID(rawValue: "a")], owner: Users.alice),
    .importProgress(
      TodoImportProgress(path: "/f.csv", run: 1, fraction: 0.5, imported: 1), owner: Users.alice),
    .importFinished(
      TodoImportReport(path: "/f.csv", run: 1, imported: 1, skippedCount: 0, errors: []),
      owner: Users.alice),
    .importFailed(.storage("full"), run: 1, owner: Users.alice),
    .exportFinished(path: "/f.csv", count: 1, owner: Users.alice),
    .failed(.emptyTitle, owner: Users.alice),
    .found(TodoSearchResult(search: TodoSearch(text: "a"), total: 0, rows: []), owner: Users.alice),
    .pageRead(
      TodoPage(query: TodoListQuery(), rows: [], matching: 0, counts: TodoCounts()), at: .distantPast,
      owner: Users.alice),
    .pageChanged(
      TodoPage(query: TodoListQuery(), rows: [], matching: 0, counts: TodoCounts()), outside: true,
      owner: Users.alice),
    .lookedUp([TodoNumberLookup(number: 1, named: .gone)], owner: Users.alice),
    .summaryRead(TodoSummary(counts: TodoCounts(total: 1, open: 1)), owner: Users.alice),
    .undoPreviewed(TodoUndoPreview(change: .add, subject: "a", removes: 1, restores: 0), owner: Users.alice),
    .pagePeeked(
      TodoPage(query: TodoListQuery(filter: .done), rows: [], matching: 0, counts: TodoCounts()),
      at: .distantPast,
      owner: Users.alice),
    .priorityChanged(
      TodoItem(id: TodoID(rawValue: "a"), title: "a", priority: .high, createdAt: .distantPast),
      owner: Users.alice),
  ]

  /// Bob's list, with an item whose identity Alice's results also name.
  private var bobsList: TodoModel {
    var model = TodoModel(owner: Users.bob, page: .listing([item("a", at: 1)]))
    model.isLoading = true
    return model
  }

  @Test(
    "given Bob signed in after Alice, when a result of Alice's command arrives, then Bob's slice is unchanged",
    arguments: alicesResults)
  func resultForPreviousOwner(message: TodoMessage) {
    assertUpdate(updater, given: bobsList, when: message, then: bobsList)
  }

  @Test(
    "given nobody is signed in, when a result of Alice's command arrives, then the empty slice is unchanged",
    arguments: alicesResults)
  func resultWhileSignedOut(message: TodoMessage) {
    assertUpdate(updater, given: TodoModel(), when: message, then: TodoModel())
  }

  @Test("every result names the user of the command it answers")
  func resultOwner() {
    #expect(Self.alicesResults.allSatisfy { $0.owner == Users.alice })
    #expect(TodoMessage.loaded(Users.bob, TodoSummary()).owner == Users.bob)
  }

  // MARK: - Import and export

  /// Alice's list with her first import of `/f.csv` running.
  private var aliceImporting: TodoModel {
    var model = aliceList
    model.startImport(path: "/f.csv")
    return model
  }

  @Test("import progress is shown")
  func importProgress() {
    let progress = TodoImportProgress(path: "/f.csv", run: 1, fraction: 0.25, imported: 500)
    assertUpdate(
      updater, given: aliceImporting, when: TodoMessage.importProgress(progress, owner: Users.alice)
    ) {
      $0.importProgress = progress
    }
  }

  @Test(
    "a progress report, report or failure of an import that no longer runs changes nothing",
    arguments: [
      TodoMessage.importProgress(
        TodoImportProgress(path: "/f.csv", run: 1, fraction: 0.5, imported: 1), owner: Users.alice),
      .importFinished(
        TodoImportReport(path: "/f.csv", run: 1, imported: 1, skippedCount: 0, errors: []), owner: Users.alice
      ),
      .importFailed(.storage("full"), run: 1, owner: Users.alice),
    ])
  func staleImportMessage(message: TodoMessage) {
    // Run 1 was stopped and run 2 of the same file started: what run 1 sent before its stop is late.
    var model = aliceImporting
    model.stopImport()
    model.startImport(path: "/f.csv")
    assertUpdate(updater, given: model, when: message, then: model)
  }

  @Test("the provider asks for the running import, and for no import once it is stopped")
  func importSubscription() {
    var model = aliceImporting
    let running = TodoImportSubscription(owner: Users.alice, path: "/f.csv", run: 1)
    #expect(
      TodoSubscriptions().subscriptions(for: model, message: nil).map { $0 as? TodoImportSubscription } == [
        running
      ])
    model.stopImport()
    #expect(
      TodoSubscriptions().subscriptions(for: model, message: nil).map { $0 as? TodoSummarySubscription } == [
        TodoSummarySubscription(owner: Users.alice)
      ])
    #expect(
      model.startImport(path: "/f.csv") == TodoImportSubscription(owner: Users.alice, path: "/f.csv", run: 2))
  }

  @Test("a finished import is reported, ends, and the list is reloaded")
  func importFinished() {
    var model = aliceImporting
    model.importProgress = TodoImportProgress(path: "/f.csv", run: 1, fraction: 1, imported: 3)
    model.lastError = .storage("database is locked")
    let report = TodoImportReport(
      path: "/f.csv", run: 1, imported: 3, skippedCount: 1,
      errors: [TodoImportRowError(line: 4, reason: "bad")])
    assertUpdate(
      updater, given: model, when: TodoMessage.importFinished(report, owner: Users.alice),
      commands: [TodoCommand.load(Users.alice)]
    ) {
      $0.stopImport()
      $0.lastImport = report
      $0.lastError = nil
      $0.isLoading = true
    }
  }

  @Test(
    "an import failing part way ends with its failure; the list is reloaded to show the batches it stored")
  func importFailed() {
    var started = aliceImporting
    started.importProgress = TodoImportProgress(path: "/f.csv", run: 1, fraction: 0.5, imported: 100)
    assertUpdate(
      updater, given: started, when: TodoMessage.importFailed(.storage("full"), run: 1, owner: Users.alice),
      commands: [TodoCommand.load(Users.alice)]
    ) {
      $0.stopImport()
      $0.lastError = .storage("full")
      $0.isLoading = true
    }
  }

  @Test("an import failing before it read its header ends with its failure, and nothing is reloaded")
  func importFailedAtOnce() {
    assertUpdate(
      updater, given: aliceImporting,
      when: TodoMessage.importFailed(.fileNotFound(path: "/f.csv"), run: 1, owner: Users.alice)
    ) {
      $0.stopImport()
      $0.lastError = .fileNotFound(path: "/f.csv")
    }
  }

  @Test("a finished export is reported")
  func exportFinished() {
    assertUpdate(
      updater, given: aliceList,
      when: TodoMessage.exportFinished(path: "/out.csv", count: 2, owner: Users.alice)
    ) {
      $0.lastExport = TodoExportSummary(path: "/out.csv", count: 2)
    }
  }

  @Test("a page of search results is kept as the last search and clears the last error")
  func found() {
    var failed = aliceList
    failed.lastError = .emptyTitle
    let result = TodoSearchResult(
      search: TodoSearch(text: "item", limit: 1), total: 2,
      rows: [TodoPage.Row(number: 1, item: item("a", at: 1))])
    assertUpdate(updater, given: failed, when: TodoMessage.found(result, owner: Users.alice)) {
      $0.lastSearch = result
      $0.lastError = nil
    }
  }

  @Test("a page read from the database is kept as the page shown and clears the last error")
  func pageRead() {
    var failed = aliceList
    failed.lastError = .emptyTitle
    let page = TodoPage(
      query: TodoListQuery(page: 2, pageSize: 1), rows: [TodoPage.Row(number: 2, item: item("b", at: 2))],
      matching: 2, counts: TodoCounts(total: 2, open: 2))
    assertUpdate(
      updater, given: failed, when: TodoMessage.pageRead(page, at: .distantPast, owner: Users.alice)
    ) {
      $0.page = page
      $0.lastError = nil
    }
  }

  @Test(
    "the page shown, read again after a change, replaces the page kept; a page of another query (a page shown before) changes nothing"
  )
  func pageChanged() {
    let shown = TodoPage(
      query: TodoListQuery(page: 2, pageSize: 1), rows: [TodoPage.Row(number: 2, item: item("b", at: 2))],
      matching: 2, counts: TodoCounts(total: 2, open: 2))
    var model = aliceList
    model.page = shown
    var changed = shown
    changed.rows[0].item.isDone = true
    changed.counts = TodoCounts(total: 2, open: 1)
    for outside in [false, true] {
      assertUpdate(
        updater, given: model, when: TodoMessage.pageChanged(changed, outside: outside, owner: Users.alice)
      ) {
        $0.page = changed
      }
    }
    var before = changed
    before.query = TodoListQuery(page: 1, pageSize: 1)
    assertUpdate(
      updater, given: model, when: TodoMessage.pageChanged(before, outside: false, owner: Users.alice),
      then: model)
    assertUpdate(
      updater, given: aliceList, when: TodoMessage.pageChanged(changed, outside: false, owner: Users.alice),
      then: aliceList)
  }

  // `done N` reads the page's rows for what N names; the whole list's page is not watched, and
  // a watched one is read again only after the commit: without these, a second `done 1` in a row
  // found the row as it was before the first.
  @Test("the page's rows follow the session's own changes: a changed item in place, a removed one gone")
  func pageFollowsOwnResults() {
    let shown = TodoPage(
      query: TodoListQuery(),
      rows: [
        TodoPage.Row(number: 1, item: item("a", at: 1)),
        TodoPage.Row(number: 2, item: item("b", at: 2, done: true)),
      ],
      matching: 2, counts: TodoCounts(total: 2, open: 1))
    var model = aliceList
    model.page = shown
    let done = item("a", at: 1, done: true)
    assertUpdate(updater, given: model, when: TodoMessage.toggled(done, owner: Users.alice)) {
      $0.page?.rows[0].item = done
    }
    assertUpdate(
      updater, given: model, when: TodoMessage.removed([TodoID(rawValue: "a")], owner: Users.alice)
    ) {
      $0.page?.rows = [shown.rows[1]]
    }
    // An undo of that removal: the page does not show the item again (its number names it in the
    // database), and an item it took back leaves the page.
    var removed = model
    removed.page?.rows = [shown.rows[1]]
    let reopened = item("b", at: 2)
    let undo = TodoUndo(change: .done, subject: "item b", restored: [reopened], removed: [])
    assertUpdate(updater, given: removed, when: TodoMessage.undone(undo, owner: Users.alice)) {
      $0.page?.rows = [TodoPage.Row(number: 2, item: reopened)]
    }
    let takenBack = TodoUndo(change: .add, subject: "item b", restored: [], removed: [TodoID(rawValue: "b")])
    assertUpdate(updater, given: removed, when: TodoMessage.undone(takenBack, owner: Users.alice)) {
      $0.page?.rows = []
    }
  }

  @Test("a summary read from the database is kept as the list's summary")
  func summaryRead() {
    let summary = TodoSummary(counts: TodoCounts(total: 2, open: 1), tagCounts: [TodoTag("home")!: 1])
    assertUpdate(updater, given: aliceList, when: TodoMessage.summaryRead(summary, owner: Users.alice)) {
      $0.summary = summary
    }
  }

  @Test(
    "the provider asks to watch the summary once loaded and the page shown, except while an import runs, while signed out, and for the whole list"
  )
  func pageSubscription() {
    func asked(_ model: TodoModel) -> [String] {
      TodoSubscriptions().subscriptions(for: model, message: nil).map { "\($0)" }
    }
    let summary = "\(TodoSummarySubscription(owner: Users.alice))"
    var model = aliceList
    #expect(asked(model) == [summary])
    model.isLoading = true
    #expect(asked(model).isEmpty)
    model.isLoading = false
    model.page = TodoPage(query: TodoListQuery(filter: .open), rows: [], matching: 0, counts: TodoCounts())
    #expect(asked(model) == [summary])
    let query = TodoListQuery(filter: .open, page: 2, pageSize: 20)
    model.page = TodoPage(query: query, rows: [], matching: 0, counts: TodoCounts())
    #expect(asked(model) == [summary, "\(TodoPageSubscription(owner: Users.alice, query: query))"])
    let running = model.startImport(path: "/f.csv")
    #expect(asked(model) == [running.map { "\($0)" } ?? "none"])
    model.stopImport()
    #expect(asked(model).count == 2)
    model.clear()
    #expect(asked(model).isEmpty)
  }

  // MARK: - Failures

  @Test("a failure is kept as the last error and ends a pending load")
  func failed() {
    var loading = aliceList
    loading.isLoading = true
    assertUpdate(
      updater, given: loading,
      when: TodoMessage.failed(.titleTooLong(length: 501, limit: 500), owner: Users.alice)
    ) {
      $0.lastError = .titleTooLong(length: 501, limit: 500)
      $0.isLoading = false
    }
  }
}
