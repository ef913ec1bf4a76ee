import AuthenticationAPI
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
      id: TodoID(rawValue: id), title: "item \(id)", isDone: done,
      createdAt: Date(timeIntervalSince1970: seconds))
  }

  /// Alice's list of two items, loaded.
  private var aliceList: TodoModel {
    TodoModel(owner: Users.alice, items: [item("a", at: 1), item("b", at: 2, done: true)])
  }

  // MARK: - Authentication

  @Test("signing in gives the slice to the user, marks it loading and loads the user's list")
  func signedIn() {
    var previous = aliceList
    previous.lastError = .notSignedIn
    var expected = TodoModel(owner: Users.bob)
    expected.isLoading = true
    assertUpdate(
      updater, given: previous, when: AuthenticationMessage.signedIn(Users.session(for: Users.bob)),
      then: expected, commands: [TodoCommand.load(Users.bob)])
  }

  @Test("signing out empties the slice")
  func signedOut() {
    assertUpdate(updater, given: aliceList, when: AuthenticationMessage.signedOut, then: TodoModel())
  }

  @Test("an expired session empties the slice")
  func sessionExpired() {
    assertUpdate(
      updater, given: aliceList, when: AuthenticationMessage.sessionExpired(Users.session(for: Users.alice)),
      then: TodoModel())
  }

  @Test("other authentication messages are left to the authentication updater")
  func otherAuthenticationMessages() {
    let user = User(id: Users.bob, name: "bob")
    assertIgnored(updater, given: aliceList, when: AuthenticationMessage.registered(user))
    assertIgnored(updater, given: aliceList, when: AuthenticationMessage.signInFailed(.wrongCredentials))
    assertIgnored(
      updater, given: aliceList, when: AuthenticationMessage.registrationFailed(.usernameTaken("x")))
    assertIgnored(updater, given: aliceList, when: AuthenticationMessage.noSavedSession)
  }

  @Test("declares the two message types it handles, so the store routes only those")
  func messageTypes() {
    let types = updater.messageTypes?.map(ObjectIdentifier.init) ?? []
    #expect(Set(types) == [ObjectIdentifier(TodoMessage.self), ObjectIdentifier(AuthenticationMessage.self)])
  }

  // MARK: - Loading

  @Test("a loaded list replaces the items and ends loading")
  func loaded() {
    var loading = TodoModel(owner: Users.alice)
    loading.isLoading = true
    let items = [item("b", at: 2), item("a", at: 1)]
    assertUpdate(updater, given: loading, when: TodoMessage.loaded(Users.alice, items)) {
      $0.replaceItems(with: items)
      $0.isLoading = false
    }
  }

  @Test("a list loaded for someone who is no longer the owner is stale and changes nothing")
  func staleLoad() {
    var loading = TodoModel(owner: Users.bob)
    loading.isLoading = true
    assertUpdate(
      updater, given: loading, when: TodoMessage.loaded(Users.alice, [item("a", at: 1)]), then: loading)
  }

  @Test("a load keeps the last error, which belongs to what the user did")
  func loadKeepsError() {
    var model = aliceList
    model.lastError = .storage("disk full")
    assertUpdate(updater, given: model, when: TodoMessage.loaded(Users.alice, [])) {
      $0.replaceItems(with: [])
    }
  }

  // MARK: - Item results

  @Test("an added item is inserted in display order and clears the last error")
  func added() {
    var model = aliceList
    model.lastError = .emptyTitle
    let new = item("c", at: 1.5)
    assertUpdate(updater, given: model, when: TodoMessage.added(new)) {
      $0.upsert(new)
      $0.lastError = nil
    }
    #expect(
      updater.result(of: TodoMessage.added(new), on: model).model.items.map(\.id.rawValue) == ["a", "c", "b"])
  }

  @Test("a renamed item replaces the stored one")
  func renamed() {
    var renamed = item("a", at: 1)
    renamed.title = "new title"
    assertUpdate(updater, given: aliceList, when: TodoMessage.renamed(renamed)) { $0.upsert(renamed) }
    #expect(
      updater.result(of: TodoMessage.renamed(renamed), on: aliceList).model.item(renamed.id)?.title
        == "new title")
  }

  @Test("a toggled item replaces the stored one in place")
  func toggled() {
    let toggled = item("a", at: 1, done: true)
    let after = updater.result(of: TodoMessage.toggled(toggled), on: aliceList).model
    #expect(after.items.map(\.isDone) == [true, true])
    assertUpdate(updater, given: aliceList, when: TodoMessage.toggled(toggled)) { $0.upsert(toggled) }
  }

  @Test("an item with a new due date replaces the stored one")
  func dueDateChanged() {
    var changed = item("b", at: 2, done: true)
    changed.dueDate = Date(timeIntervalSince1970: 99)
    assertUpdate(updater, given: aliceList, when: TodoMessage.dueDateChanged(changed)) { $0.upsert(changed) }
    #expect(
      updater.result(of: TodoMessage.dueDateChanged(changed), on: aliceList).model.item(changed.id)?.dueDate
        == Date(timeIntervalSince1970: 99))
  }

  @Test("a removed item leaves the list")
  func removed() {
    let after = updater.result(of: TodoMessage.removed(TodoID(rawValue: "a")), on: aliceList)
    #expect(after.model.items.map(\.id.rawValue) == ["b"])
    assertUpdate(updater, given: aliceList, when: TodoMessage.removed(TodoID(rawValue: "a"))) {
      $0.remove([TodoID(rawValue: "a")])
    }
  }

  @Test("cleared items leave the list")
  func clearedCompleted() {
    let after = updater.result(of: TodoMessage.clearedCompleted([TodoID(rawValue: "b")]), on: aliceList)
    #expect(after.model.items.map(\.id.rawValue) == ["a"])
    #expect(after.commands.isEmpty)
  }

  @Test("results that arrive after signing out are stale and change nothing")
  func resultWhileSignedOut() {
    let messages: [TodoMessage] = [
      .added(item("a", at: 1)), .toggled(item("a", at: 1)), .removed(TodoID(rawValue: "a")),
      .importProgress(TodoImportProgress(path: "/f.csv", fraction: 0.5, imported: 1)),
      .importFinished(
        TodoImportReport(path: "/f.csv", imported: 1, skippedCount: 0, errors: [], wasCancelled: false)),
      .exportFinished(path: "/f.csv", count: 1), .failed(.emptyTitle),
    ]
    for message in messages {
      assertUpdate(updater, given: TodoModel(), when: message, then: TodoModel())
    }
  }

  // MARK: - Import and export

  @Test("import progress is shown")
  func importProgress() {
    let progress = TodoImportProgress(path: "/f.csv", fraction: 0.25, imported: 500)
    assertUpdate(updater, given: aliceList, when: TodoMessage.importProgress(progress)) {
      $0.importProgress = progress
    }
  }

  @Test("a finished import is reported, its progress removed, and the list reloaded")
  func importFinished() {
    var model = aliceList
    model.importProgress = TodoImportProgress(path: "/f.csv", fraction: 1, imported: 3)
    model.lastError = .importInProgress
    let report = TodoImportReport(
      path: "/f.csv", imported: 3, skippedCount: 1, errors: [TodoImportRowError(line: 4, reason: "bad")],
      wasCancelled: false)
    assertUpdate(
      updater, given: model, when: TodoMessage.importFinished(report),
      commands: [TodoCommand.load(Users.alice)]
    ) {
      $0.importProgress = nil
      $0.lastImport = report
      $0.lastError = nil
      $0.isLoading = true
    }
  }

  @Test("a finished export is reported")
  func exportFinished() {
    assertUpdate(updater, given: aliceList, when: TodoMessage.exportFinished(path: "/out.csv", count: 2)) {
      $0.lastExport = TodoExportSummary(path: "/out.csv", count: 2)
    }
  }

  // MARK: - Failures

  @Test("a failure is kept as the last error and ends a pending load")
  func failed() {
    var loading = aliceList
    loading.isLoading = true
    assertUpdate(updater, given: loading, when: TodoMessage.failed(.titleTooLong(length: 501, limit: 500))) {
      $0.lastError = .titleTooLong(length: 501, limit: 500)
      $0.isLoading = false
    }
  }
}
