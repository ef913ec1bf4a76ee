import AuthenticationAPI
import CoreTesting
import Foundation
import GRDB
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("TodoInterpreter: undo")
struct TodoInterpreterUndoTests {
  private let harness: Harness

  init() throws {
    harness = try Harness()
  }

  /// Runs `undo` for `owner` and returns what it reverted; fails the test if it answers otherwise.
  private func undo(
    _ owner: UserID = Users.alice, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> TodoUndo? {
    let messages = await harness.run(.undo(owner: owner))
    guard case .undone(let undo, owner)? = messages.first, messages.count == 1 else {
      Issue.record("undo answered \(messages)", sourceLocation: sourceLocation)
      return nil
    }
    return undo
  }

  /// The titles `find` finds for `words`.
  private func found(_ words: String) async -> [String] {
    let messages = await harness.run(.search(TodoSearch(text: words), owner: Users.alice))
    guard case .found(let result, _)? = messages.first else { return [] }
    return result.items.map(\.title.text)
  }

  /// What `owner`'s next undo would take back, as the database says.
  private func preview(_ owner: UserID = Users.alice) async -> TodoUndoPreview?? {
    let messages = await harness.run(.previewUndo(owner: owner))
    guard case .undoPreviewed(let preview, owner)? = messages.first, messages.count == 1 else {
      Issue.record("previewUndo answered \(messages)")
      return .none
    }
    return .some(preview)
  }

  @Test(
    "a preview says what the next undo takes back, how many items it deletes and puts back, and changes nothing; nothing, with no history"
  )
  func previewSaysWhatUndoDoes() async throws {
    #expect(await preview() == .some(nil))
    let milk = try #require(await harness.add("milk"))
    #expect(await preview() == TodoUndoPreview(change: .add, subject: "milk", removes: 1, restores: 0))
    let bread = try #require(await harness.add("bread"))
    _ = await harness.run(.toggle(milk.id, owner: Users.alice))
    #expect(await preview() == TodoUndoPreview(change: .done, subject: "milk", removes: 0, restores: 1))
    _ = await harness.run(.removeItems([milk.id, bread.id], owner: Users.alice))
    #expect(await preview() == TodoUndoPreview(change: .remove, subject: "", removes: 0, restores: 2))
    // The preview took nothing back: the undo does what it said.
    let undone = try #require(await undo())
    #expect(undone.restored.count == 2 && undone.removed.isEmpty)
    #expect(await preview() == TodoUndoPreview(change: .done, subject: "milk", removes: 0, restores: 1))
    #expect(await preview(Users.bob) == .some(nil))
  }

  @Test("undo of an add deletes the item, and find no longer finds it")
  func undoAdd() async throws {
    let item = try #require(await harness.add("buy milk"))
    let undone = try #require(await undo())
    #expect(undone == TodoUndo(change: .add, subject: "buy milk", restored: [], removed: [item.id]))
    #expect(await harness.load() == [])
    #expect(await found("milk") == [])
  }

  @Test("undo of a remove stores the item again as it was, and find finds it")
  func undoRemove() async throws {
    let item = try #require(await harness.add("buy milk", due: Date(timeIntervalSince1970: 1_800_000_000)))
    _ = await harness.run(.setPriority(item.id, .high, owner: Users.alice))
    let stored = await harness.load()
    _ = await harness.run(.remove(item.id, owner: Users.alice))
    let undone = try #require(await undo())
    #expect(undone == TodoUndo(change: .remove, subject: "buy milk", restored: stored, removed: []))
    #expect(await harness.load() == stored)
    #expect(await found("milk") == ["buy milk"])
  }

  @Test("undo of tag and of untag restores the item's tags; each is a step of its own kind")
  func undoTags() async throws {
    let home = try #require(TodoTag("home"))
    let work = try #require(TodoTag("work"))
    let messages = await harness.run(.add(title: "buy milk", dueDate: nil, tags: [home], owner: Users.alice))
    guard case .added(let item, _, _)? = messages.first else {
      Issue.record("add answered \(messages)")
      return
    }
    _ = await harness.run(.addTags(item.id, [work], owner: Users.alice))
    _ = await harness.run(.removeTags(item.id, [home], owner: Users.alice))
    #expect(await harness.load().map(\.tags) == [[work]])
    let untagged = try #require(await undo())
    #expect(untagged.change == .untag)
    #expect(await harness.load().map(\.tags) == [[home, work]])
    let tagged = try #require(await undo())
    #expect(tagged.change == .tag)
    #expect(tagged.subject == "buy milk")
    #expect(await harness.load() == [item])
    let added = try #require(await undo())
    #expect(added.change == .add)
    #expect(await harness.load() == [])
  }

  @Test("undo of a rename restores the title and the change time; find follows")
  func undoRename() async throws {
    let item = try #require(await harness.add("buy milk"))
    harness.time.advance(by: 5)
    _ = await harness.run(.rename(item.id, title: .valid("buy bread"), owner: Users.alice))
    #expect(await found("bread") == ["buy bread"])
    let undone = try #require(await undo())
    #expect(undone.change == .rename)
    #expect(undone.subject == "buy milk")
    #expect(undone.restored == [item])
    #expect(await harness.load() == [item])
    #expect(await found("bread") == [])
    #expect(await found("milk") == ["buy milk"])
  }

  @Test("undo of done, a toggle, a due date and a priority restores each; each says its kind")
  func undoEachChangeOfOneItem() async throws {
    let item = try #require(await harness.add("water plants"))
    harness.time.advance(by: 1)
    _ = await harness.run(.setDone(item.id, true, owner: Users.alice))
    _ = await harness.run(.toggle(item.id, owner: Users.alice))
    _ = await harness.run(
      .setDueDate(item.id, Date(timeIntervalSince1970: 1_800_000_000), owner: Users.alice))
    _ = await harness.run(.setPriority(item.id, .low, owner: Users.alice))
    let afterDone = await harness.load()  // as it is now: each undo goes one step back
    #expect(afterDone.first?.priority == .low)

    #expect(await undo()?.change == .priority)
    #expect(await harness.load().first?.priority == TodoPriority.none)
    #expect(await harness.load().first?.dueDate != nil)
    #expect(await undo()?.change == .due)
    #expect(await harness.load().first?.dueDate == nil)
    #expect(await harness.load().first?.isDone == false)
    #expect(await undo()?.change == .reopen)  // the toggle made it open again
    #expect(await harness.load().first?.isDone == true)
    #expect(await undo()?.change == .done)
    #expect(await harness.load() == [item])
    #expect(await undo()?.change == .add)
    #expect(await harness.run(.undo(owner: Users.alice)) == [.failed(.nothingToUndo, owner: Users.alice)])
  }

  @Test("undo of clear-done stores every cleared item again, as one step")
  func undoClearDone() async throws {
    let first = try #require(await harness.add("first"))
    _ = try #require(await harness.add("second"))
    let third = try #require(await harness.add("third"))
    _ = await harness.run(.setDone(first.id, true, owner: Users.alice))
    _ = await harness.run(.setDone(third.id, true, owner: Users.alice))
    let before = await harness.load()
    _ = await harness.run(.clearCompleted(owner: Users.alice))
    #expect(await harness.load().map(\.title) == ["second"])
    let undone = try #require(await undo())
    #expect(undone.change == .clearDone)
    #expect(Set(undone.restored) == Set(before.filter(\.isDone)))
    #expect(await harness.load() == before)
    #expect(await found("third") == ["third"])
    #expect(await undo()?.change == .done)  // the step before the clear
  }

  @Test("rm of several items at once is one step; one undo brings them all back")
  func undoRemoveItems() async throws {
    let first = try #require(await harness.add("first"))
    let second = try #require(await harness.add("second"))
    let third = try #require(await harness.add("third"))
    #expect(
      await harness.run(.removeItems([third.id, first.id], owner: Users.alice))
        == [.removed([third.id, first.id], owner: Users.alice)])
    #expect(await harness.load() == [second])
    let undone = try #require(await undo())
    #expect(undone.change == .remove)
    #expect(undone.subject == "")
    #expect(Set(undone.restored) == [first, third])
    #expect(await harness.load() == [first, second, third])
    #expect(await undo()?.subject == "third")  // the add before it
  }

  @Test("rm of several items where one is missing deletes none and makes no step")
  func removeItemsWithAMissingOne() async throws {
    let first = try #require(await harness.add("first"))
    let missing = TodoID(rawValue: "missing")
    #expect(
      await harness.run(.removeItems([first.id, missing], owner: Users.alice))
        == [.failed(.notFound(missing), owner: Users.alice)])
    #expect(await harness.load() == [first])
    #expect(await undo()?.change == .add)
  }

  @Test("clear-done with nothing done makes no step")
  func clearNothing() async throws {
    _ = try #require(await harness.add("open"))
    _ = await harness.run(.clearCompleted(owner: Users.alice))
    #expect(await undo()?.change == .add)
  }

  @Test("a change that fails (no such item) makes no step")
  func failedChange() async throws {
    _ = try #require(await harness.add("kept"))
    let missing = TodoID(rawValue: "missing")
    #expect(
      await harness.run(.rename(missing, title: .valid("x"), owner: Users.alice))
        == [.failed(.notFound(missing), owner: Users.alice)])
    #expect(await undo()?.change == .add)
  }

  @Test("with nothing to undo, undo fails with nothingToUndo")
  func nothingToUndo() async {
    #expect(await harness.run(.undo(owner: Users.alice)) == [.failed(.nothingToUndo, owner: Users.alice)])
  }

  @Test(
    "while an import is storing batches, undo is refused and changes nothing: the import's step is still growing"
  )
  func refusedDuringAnImport() async throws {
    let item = try #require(await harness.add("buy milk"))
    let answer = await harness.interpreter.imports.counting {
      await harness.run(.undo(owner: Users.alice))
    }
    #expect(answer == [.failed(.undoDuringImport, owner: Users.alice)])
    #expect(await harness.load() == [item])
    #expect(await undo()?.change == .add)
  }

  @Test("undo reverts only the user's own changes: another user's later change stays")
  func userIsolation() async throws {
    let alices = try #require(await harness.add("alice's"))
    let bobs = try #require(await harness.add("bob's", for: Users.bob))
    #expect(
      await harness.run(.undo(owner: Users.alice)) == [
        .undone(
          TodoUndo(change: .add, subject: "alice's", restored: [], removed: [alices.id]), owner: Users.alice)
      ])
    #expect(await harness.load(Users.bob) == [bobs])
    #expect(await harness.run(.undo(owner: Users.alice)) == [.failed(.nothingToUndo, owner: Users.alice)])
    #expect(await undo(Users.bob)?.removed == [bobs.id])
  }

  @Test("the history keeps at least the last historyLimit steps of a user, and forgets older ones")
  func bounded() async throws {
    let kept = TodoUndo.historyLimit + TodoUndoHistory.forgettingSlack
    for index in 0..<(kept + 1 + 5) { _ = await harness.add("item \(index)") }
    // Once the slack ran out, all but the last historyLimit were forgotten; 5 more came since.
    let undoable = TodoUndo.historyLimit + 5
    for _ in 0..<undoable { _ = await undo() }
    let titles = Set(await harness.load().map(\.title.text))
    let expected: Set<String> = Set((0..<(kept + 1 + 5 - undoable)).map { "item \($0)" })
    #expect(titles == expected)
    #expect(await harness.run(.undo(owner: Users.alice)) == [.failed(.nothingToUndo, owner: Users.alice)])
    let rows = try await harness.database.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM todo_undo_row") ?? -1
    }
    #expect(rows == 0)
  }

  @Test("the history survives closing and reopening the database")
  func afterReopening() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("todo.sqlite")
    var item: TodoItem?
    do {
      let harness = try Harness(database: try DatabaseQueue(path: path))
      item = await harness.add("buy milk")
      _ = await harness.run(.rename(try #require(item).id, title: .valid("buy bread"), owner: Users.alice))
      try harness.database.close()
    }
    let reopened = try Harness(database: try DatabaseQueue(path: path))
    let messages = await reopened.run(.undo(owner: Users.alice))
    guard case .undone(let undone, _)? = messages.first else {
      Issue.record("undo answered \(messages)")
      return
    }
    #expect(undone.change == .rename)
    #expect(await reopened.load() == [try #require(item)])
  }

  @Test("undo after an inline change reverts it like one written in a task")
  func inlineChange() async throws {
    let inline = TodoInterpreter(
      database: harness.database, now: { Date(timeIntervalSince1970: 1_780_000_000) },
      changesInline: true)
    let item = try #require(await harness.add("buy milk"))
    let recorder = MessageRecorder()
    #expect(inline.interpretNow(.setDone(item.id, true, owner: Users.alice), dispatch: recorder.dispatch()))
    #expect(await undo()?.change == .done)
    #expect(await harness.load() == [item])
  }
}
