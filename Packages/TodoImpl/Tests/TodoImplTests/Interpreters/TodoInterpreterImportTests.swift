import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import GRDB
import Synchronization
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("TodoInterpreter: CSV import")
struct TodoInterpreterImportTests {
  private let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  private func write(_ text: String, to name: String = "in.csv") throws -> String {
    let path = folder.path(name)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func count(_ harness: Harness, of owner: UserID = Users.alice) throws -> Int {
    try harness.database.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM todo_item WHERE owner = ?", arguments: [owner.rawValue])
        ?? -1
    }
  }

  @Test("the same unchanged file imported a second time stores nothing and says it was imported already")
  func sameFileTwice() async throws {
    defer { folder.remove() }
    let path = try write("id,title,done,due,created,updated\n,one,false,,,\n,two,false,,,\n")
    let harness = try Harness()
    _ = await harness.runImport(path)
    let again = await harness.runImport(path, run: 2)
    #expect(again == [.importFailed(.alreadyImported(path: path), run: 2, owner: Users.alice)])
    #expect(try count(harness) == 2)
  }

  // The report was sent while the import still counted as running: the `undo` a script typed next
  // now and then failed with "An import is running" (CI, UndoEndToEndTests).
  @Test(
    "an import's report, finished or failed, comes once it no longer counts as running, so undo may follow")
  func reportAfterTheImportEnds() async throws {
    defer { folder.remove() }
    let harness = try Harness()
    let imports = harness.interpreter.imports
    let runningAtReport = Mutex<[Bool]>([])
    let dispatch = Dispatch { message, _ in
      switch message as? TodoMessage {
      case .importFinished?, .importFailed?: runningAtReport.withLock { $0.append(imports.isRunning) }
      default: break
      }
    }
    let good = try write("id,title,done,due,created,updated\n,one,false,,,\n")
    let bad = try write("title\n", to: "bad.csv")
    for (path, run) in [(good, 1), (bad, 2)] {
      await harness.interpreter.runImport(
        TodoImportSubscription(owner: Users.alice, path: path, run: run), dispatch: dispatch)
    }
    #expect(runningAtReport.withLock { $0 } == [false, false])
    let undone = await harness.run(.undo(owner: Users.alice))
    guard case .undone(let undo, _)? = undone.first, undone.count == 1 else {
      Issue.record("undo answered \(undone)")
      return
    }
    #expect(undo.change == .importCSV)
  }

  @Test("checkImport says whether the file was imported to its end before and is unchanged since")
  func checkImport() async throws {
    defer { folder.remove() }
    let path = try write("id,title,done,due,created,updated\n,one,false,,,\n")
    let harness = try Harness()
    let check = TodoCommand.checkImport(path: path, owner: Users.alice)
    #expect(
      await harness.run(check) == [.importChecked(path: path, importedBefore: false, owner: Users.alice)])
    _ = await harness.runImport(path)
    #expect(
      await harness.run(check) == [.importChecked(path: path, importedBefore: true, owner: Users.alice)])
    #expect(
      await harness.run(.checkImport(path: path, owner: Users.bob))
        == [.importChecked(path: path, importedBefore: false, owner: Users.bob)])
    _ = try write("id,title,done,due,created,updated\n,one,false,,,\n,two,false,,,\n")
    #expect(
      await harness.run(check) == [.importChecked(path: path, importedBefore: false, owner: Users.alice)])
  }

  @Test("asked to import again, the same file is imported again; after an undo of it, it imports as new")
  func importAgain() async throws {
    defer { folder.remove() }
    let path = try write("id,title,done,due,created,updated\n,one,false,,,\n,two,false,,,\n")
    let harness = try Harness()
    _ = await harness.runImport(path)
    let recorder = MessageRecorder()
    await harness.interpreter.runImport(
      TodoImportSubscription(owner: Users.alice, path: path, run: 2, again: true),
      dispatch: recorder.dispatch())
    #expect(try count(harness) == 4)
    _ = await harness.run(.undo(owner: Users.alice))
    _ = await harness.run(.undo(owner: Users.alice))
    #expect(try count(harness) == 0)
    let third = await harness.runImport(path, run: 3)
    #expect(third.last.map { if case .importFinished = $0 { true } else { false } } == true)
    #expect(try count(harness) == 2)
  }

  @Test(
    "imports 100,000 rows: the exact malformed lines skipped and reported, the rest stored, progress rising to 1"
  )
  func largeImport() async throws {
    defer { folder.remove() }
    let generated = GeneratedCSV(rowCount: 100_000)
    let path = try write(generated.text)
    // Batches of 0.5% of the file, so that the 1% step has reports to hold back.
    let harness = try Harness(importOptions: TodoImportOptions(batchSize: 500, progressInterval: .zero))

    let messages = await harness.runImport(path)

    let report = TodoImportReport(
      path: path, run: 1, imported: generated.validRowCount, skippedCount: generated.expectedErrors.count,
      errors: generated.expectedErrors)
    #expect(messages.last == .importFinished(report, owner: Users.alice))
    let progress = messages.dropLast().compactMap { message -> TodoImportProgress? in
      if case .importProgress(let progress, _) = message { progress } else { nil }
    }
    #expect(progress.count == messages.count - 1, "only progress before the report")
    #expect((50...101).contains(progress.count), "about one report per 1%, and the final one")
    #expect(
      zip(progress, progress.dropFirst()).allSatisfy {
        $0.fraction <= $1.fraction && $0.imported <= $1.imported
      })
    #expect(
      progress.last == TodoImportProgress(path: path, run: 1, fraction: 1, imported: generated.validRowCount))
    #expect(try count(harness) == generated.validRowCount)
  }

  @Test(
    "stores each row's fields, a new identity where the file has none, and flattens line breaks in titles")
  func storedRows() async throws {
    defer { folder.remove() }
    let path = try write(
      """
      id,title,done,due,created,updated
      x1,"Buy milk, eggs",true,2026-11-22T09:30:00Z,2026-01-01T00:00:00Z,2026-01-02T00:00:00.250Z
      ,"two
      lines",false,,,

      """)
    let harness = try Harness()
    _ = await harness.runImport(path)
    let now = harness.time.now
    #expect(
      await harness.load() == [
        TodoItem(
          id: TodoID(rawValue: "x1"), title: "Buy milk, eggs", isDone: true,
          dueDate: Date(timeIntervalSince1970: 1_795_339_800),
          createdAt: Date(timeIntervalSince1970: 1_767_225_600),
          updatedAt: Date(timeIntervalSince1970: 1_767_312_000.25)),
        TodoItem(id: TodoID(rawValue: "id-1"), title: "two lines", createdAt: now),
      ])
  }

  @Test("a row with an identity the user has replaces that item; other users' items are untouched")
  func replacesByIdentity() async throws {
    defer { folder.remove() }
    let harness = try Harness()
    let alices = try #require(await harness.add("old title"))
    let bobs = try #require(await harness.add("Bob's", for: Users.bob))
    let path = try write(
      "\(TodoCSV.headerWithoutPriority)\n\(alices.id.rawValue),new title,true,,,\n\(bobs.id.rawValue),not Bob's,false,,,\n"
    )
    _ = await harness.runImport(path)
    #expect(await harness.load().map(\.title.text).sorted() == ["new title", "not Bob's"])
    #expect(await harness.load(Users.bob) == [bobs])
  }

  @Test(
    "rows that replace an item are counted apart: one in the list, or a row earlier in the same file, in one batch or across batches"
  )
  func countsReplacedRows() async throws {
    defer { folder.remove() }
    for batchSize in [100, 1] {
      let harness = try Harness(importOptions: TodoImportOptions(batchSize: batchSize))
      let existing = try #require(await harness.add("in the list"))
      let path = try write(
        "\(TodoCSV.headerWithoutPriority)\nx1,first,false,,,\nx1,second,false,,,\n\(existing.id.rawValue),renamed,false,,,\n,new,false,,,\n"
      )
      let messages = await harness.runImport(path)
      guard case .importFinished(let report, _) = messages.last else {
        Issue.record("no report: \(messages)")
        continue
      }
      #expect(report.imported == 4 && report.replaced == 2, "batches of \(batchSize): \(report)")
      #expect(await harness.load().map(\.title.text).sorted() == ["new", "renamed", "second"])
    }
  }

  @Test("a missing file fails with fileNotFound")
  func missingFile() async throws {
    defer { folder.remove() }
    let harness = try Harness()
    let path = folder.path("absent.csv")
    #expect(
      await harness.runImport(path) == [
        .importFailed(.fileNotFound(path: path), run: 1, owner: Users.alice)
      ])
  }

  @Test("a folder fails with fileUnreadable")
  func folderPath() async throws {
    defer { folder.remove() }
    let harness = try Harness()
    #expect(
      await harness.runImport(folder.url.path)
        == [
          .importFailed(
            .fileUnreadable(path: folder.url.path, reason: "it is a folder"), run: 1, owner: Users.alice)
        ])
  }

  @Test("a file that does not start with the header fails and stores nothing")
  func wrongHeader() async throws {
    defer { folder.remove() }
    let harness = try Harness()
    let path = try write("title,done\nBuy milk,false\n")
    let empty = try write("", to: "empty.csv")
    #expect(
      await harness.runImport(path)
        == [
          .importFailed(
            .fileUnreadable(
              path: path,
              reason: "line 1 lacks the columns id, due, created, updated; the header is \(TodoCSV.header) "
                + "(priority and tags may be left out)"),
            run: 1, owner: Users.alice)
        ])
    #expect(
      await harness.runImport(empty)
        == [
          .importFailed(
            .fileUnreadable(path: empty, reason: "the file is empty; expected the header \(TodoCSV.header)"),
            run: 1, owner: Users.alice)
        ])
    #expect(try count(harness) == 0)
  }

  @Test(
    "a stopped import keeps whole batches, and a load asked for at the stop sees all it will store",
    .timeLimit(.minutes(1)), arguments: 1...5)
  func stop(attempt: Int) async throws {
    defer { folder.remove() }
    let generated = GeneratedCSV(rowCount: 20_000)
    let path = try write(generated.text)
    // A pool, as in the app: its reads do not wait for the writer, so a load could read before a
    // batch being written commits, unless the load waits for the writer first.
    let database = try DatabasePool(path: folder.path("stop-\(attempt).sqlite"))
    defer { try? database.close() }
    try TodoDatabase.migrate(database)
    let interpreter = TodoInterpreter(
      database: database,
      importOptions: TodoImportOptions(batchSize: 5_000, progressStep: 0, progressInterval: .zero))
    let started = AsyncStream<Void>.makeStream()
    let messages = Mutex<[TodoMessage]>([])
    let dispatch = Dispatch { message, _ in
      guard let message = message as? TodoMessage else { return }
      messages.withLock { $0.append(message) }
      switch message {
      case .importProgress: started.continuation.yield()
      // An import that ends before its second report ends the wait for it: a failure, not a hang.
      case .importFinished, .importFailed: started.continuation.finish()
      default: break
      }
    }
    let task = Task {
      await interpreter.runImport(
        TodoImportSubscription(owner: Users.alice, path: path, run: 1), dispatch: dispatch)
    }
    // Stop at the second report, that of the first batch stored, as the store does when the user
    // cancels then: the second batch is then on its way to the database.
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    await iterator.next()
    task.cancel()
    // As the app does after a stop: reload at once, without waiting for the import's task.
    let recorder = MessageRecorder()
    await interpreter.interpret(.load(Users.alice), dispatch: recorder.dispatch())
    let loaded = recorder.messages(of: TodoMessage.self)
    await task.value
    let stored = try await database.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM todo_item") ?? -1
    }
    guard case .loaded(_, let summary)? = loaded.first else {
      Issue.record("Loading answered \(loaded)")
      return
    }
    #expect(summary.counts.total == stored)
    #expect(stored % 5_000 == 0 && stored >= 5_000 && stored < 20_000, "whole batches, part way: \(stored)")
    #expect(!messages.withLock { $0 }.contains { $0.isImportFinished })
  }
}

extension TodoInterpreterImportTests {
  @Test(
    "a stopped import imported again resumes after the last row it stored: no row is stored twice",
    .timeLimit(.minutes(1)))
  func resume() async throws {
    defer { folder.remove() }
    let generated = GeneratedCSV(rowCount: 20_000)
    let path = try write(generated.text)
    let database = try DatabasePool(path: folder.path("resume.sqlite"))
    defer { try? database.close() }
    try TodoDatabase.migrate(database)
    let interpreter = TodoInterpreter(
      database: database,
      importOptions: TodoImportOptions(batchSize: 5_000, progressStep: 0, progressInterval: .zero))
    await importPartWay(path, with: interpreter)
    func stored() async throws -> Int {
      try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM todo_item") ?? -1 }
    }
    let before = try await stored()
    #expect(before >= 5_000 && before < generated.validRowCount, "stopped part way: \(before)")

    let recorder = MessageRecorder()
    await interpreter.runImport(
      TodoImportSubscription(owner: Users.alice, path: path, run: 2), dispatch: recorder.dispatch())
    #expect(try await stored() == generated.validRowCount)
    let report = recorder.messages(of: TodoMessage.self).compactMap { message -> TodoImportReport? in
      if case .importFinished(let report, _) = message { report } else { nil }
    }.first
    #expect(report?.imported == generated.validRowCount - before, "\(String(describing: report))")
    #expect(report?.resumedAfterLine != nil, "\(String(describing: report))")

    // Finished, the file is imported from its start again when asked to (`import --again`).
    let again = MessageRecorder()
    await interpreter.runImport(
      TodoImportSubscription(owner: Users.alice, path: path, run: 3, again: true), dispatch: again.dispatch())
    let third = again.messages(of: TodoMessage.self).compactMap { message -> TodoImportReport? in
      if case .importFinished(let report, _) = message { report } else { nil }
    }.first
    #expect(third?.resumedAfterLine == nil)
    #expect(third?.imported == generated.validRowCount)
  }
}

extension TodoInterpreterImportTests {
  /// Starts an import of `path` and stops it after its second progress report, part way through.
  private func importPartWay(_ path: String, with interpreter: TodoInterpreter) async {
    let started = AsyncStream<Void>.makeStream()
    let dispatch = Dispatch { message, _ in
      switch message as? TodoMessage {
      case .importProgress?: started.continuation.yield()
      // An import that ends before its second report ends the wait for it: a failure, not a hang.
      case .importFinished?, .importFailed?: started.continuation.finish()
      default: break
      }
    }
    let task = Task {
      await interpreter.runImport(
        TodoImportSubscription(owner: Users.alice, path: path, run: 1), dispatch: dispatch)
    }
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    await iterator.next()
    task.cancel()
    await task.value
  }

  @Test(
    "undo after a resumed import takes back the whole import, the part stored before the stop too; after another change in between, the resumed part first",
    .timeLimit(.minutes(1)), arguments: [false, true])
  func undoResumedImport(changedBetween: Bool) async throws {
    defer { folder.remove() }
    let generated = GeneratedCSV(rowCount: 20_000)
    let path = try write(generated.text)
    let database = try DatabasePool(path: folder.path("resume-undo.sqlite"))
    defer { try? database.close() }
    try TodoDatabase.migrate(database)
    let interpreter = TodoInterpreter(
      database: database,
      importOptions: TodoImportOptions(batchSize: 5_000, progressStep: 0, progressInterval: .zero))
    func stored() async throws -> Int {
      try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM todo_item") ?? -1 }
    }
    func undo() async -> [TodoMessage] {
      let recorder = MessageRecorder()
      await interpreter.interpret(.undo(owner: Users.alice), dispatch: recorder.dispatch())
      return recorder.messages(of: TodoMessage.self)
    }
    await importPartWay(path, with: interpreter)
    let before = try await stored()
    #expect(before >= 5_000 && before < generated.validRowCount, "stopped part way: \(before)")
    if changedBetween {
      await interpreter.interpret(
        .add(title: .valid("between"), dueDate: nil, owner: Users.alice),
        dispatch: MessageRecorder().dispatch())
    }
    let resumed = MessageRecorder()
    await interpreter.runImport(
      TodoImportSubscription(owner: Users.alice, path: path, run: 2), dispatch: resumed.dispatch())
    #expect(resumed.messages(of: TodoMessage.self).contains { $0.isImportFinished })
    #expect(try await stored() == generated.validRowCount + (changedBetween ? 1 : 0))

    // What the undo will take back, as `undo`'s question names it: the whole import, or its
    // resumed part.
    let preview = MessageRecorder()
    await interpreter.interpret(.previewUndo(owner: Users.alice), dispatch: preview.dispatch())
    #expect(
      preview.messages(of: TodoMessage.self) == [
        .undoPreviewed(
          TodoUndoPreview(
            change: .importCSV, subject: path,
            removes: generated.validRowCount - (changedBetween ? before : 0),
            restores: 0), owner: Users.alice)
      ])
    _ = await undo()
    guard changedBetween else {
      #expect(try await stored() == 0, "the whole import is taken back")
      return
    }
    // The change made between the parts is the resumed part's step's neighbour: the parts are
    // taken back one at a time, the change between them in its turn.
    #expect(try await stored() == before + 1)
    _ = await undo()
    #expect(try await stored() == before)
    _ = await undo()
    #expect(try await stored() == 0)
  }
}

extension TodoMessage {
  fileprivate var isImportFinished: Bool {
    if case .importFinished = self { true } else { false }
  }
}
