import Core
import Foundation
import TodoAPI

/// The app's part for the to-do feature's results: the lines it shows for each, read from the
/// to-do slice as the feature's updater, which runs before, left it.
struct TodoLinesUpdater: AppUpdaterPart {
  func apply(_ message: TodoMessage, to model: inout AppModel) -> [any Command] {
    // The slice says whose results it shows (it has applied nothing of another user's).
    guard model.todos.accepts(message) else { return [] }
    // `3. Buy milk`: the item with the number the line named it by (or the page shows it with),
    // and without one if neither knows it (a result of another session's line, replayed).
    func number(of item: TodoItem) -> Int? {
      model.ui.numbered.removeValue(forKey: item.id)
        ?? model.todos.page?.rows.first { $0.item.id == item.id }?.number
    }
    func numbered(_ item: TodoItem) -> String {
      number(of: item).map { "\($0). \(item.title)" } ?? "\(item.title)"
    }
    switch message {
    case .loaded(_, let summary):
      let counts = summary.counts
      model.ui.say(
        counts.total == 0
          ? "Your list is empty."
          : "You have \(Listing.counted(counts.total, "item")) (\(Listing.grouped(counts.open)) open, "
            + "\(Listing.grouped(counts.total - counts.open)) done).")
    case .added(let item, let number, _):
      model.ui.say("Added\(number.map { " \($0). " } ?? ": ")\(item.title)\(Listing.tagSuffix(item.tags))")
    case .renamed(let item, _):
      model.ui.say("Renamed \(number(of: item).map { "\($0) " } ?? "")to: \(item.title)")
    case .toggled(let item, _):
      let done = item.isDone ? "Done" : "Reopened"
      model.ui.say(number(of: item).map { "\(done) \($0). \(item.title)" } ?? "\(done): \(item.title)")
    case .dueDateChanged(let item, _):
      if let due = item.dueDate {
        model.ui.say("\(numbered(item)) is due \(Listing.format(due, in: model.ui.timeZone)).")
      } else {
        model.ui.say("\(numbered(item)) has no due date now.")
      }
    case .priorityChanged(let item, _):
      model.ui.say(
        item.priority == .none
          ? "\(numbered(item)) has no priority now."
          : "\(numbered(item)) has \(item.priority.rawValue) priority.")
    case .tagsChanged(let item, _):
      model.ui.say(
        item.tags.isEmpty
          ? "\(numbered(item)) has no tags now."
          : "\(numbered(item)) is tagged\(Listing.tagSuffix(item.tags)).")
    case .removed(let ids, _):
      // Each one named, up to a screenful: `rm 1-100000` does not print a hundred thousand lines.
      let titles = ids.map { model.ui.removing.removeValue(forKey: $0) }
      for title in titles.prefix(Self.namedRemovals) {
        model.ui.say(title.map { "Removed: \($0)" } ?? "Removed.")
      }
      if ids.count > Self.namedRemovals {
        model.ui.say(
          "… and \(Listing.grouped(ids.count - Self.namedRemovals)) more: \(Listing.counted(ids.count, "item")) removed."
        )
      }
    case .clearedCompleted(let ids, _):
      model.ui.say("Cleared \(Listing.counted(ids.count, "done item")).")
    case .importProgress:
      // Shown by the progress bar, from the slice.
      break
    case .importFinished(let report, _):
      // The slice took it only if it is the running import's (it has cleared it then).
      guard model.todos.lastImport == report, model.todos.runningImport == nil else { break }
      Listing.print(report, into: &model.ui)
    case .importFailed(let failure, let run, _):
      guard model.todos.lastError == failure, !model.todos.isRunningImport(run) else { break }
      model.ui.fail(failure.description)
    case .exportProgress(_, let fraction, _):
      model.ui.exportProgress = fraction
    case .exportFinished(let path, let count, _):
      model.ui.exportProgress = nil
      model.ui.say("Exported \(Listing.counted(count, "item")) to \(path).")
    case .failed(let failure, _):
      // A failed export ends its progress; other failures find none. A command waiting for a
      // look-up that failed is not performed.
      model.ui.exportProgress = nil
      model.ui.waiting = nil
      model.ui.fail(failure.description)
    case .found(let result, _):
      Listing.print(result, now: model.now ?? .distantPast, into: &model.ui)
    case .pageRead(let page, let time, _):
      // A listing: the numbers lines named items by before may name others now.
      model.ui.numbered = [:]
      Listing.print(
        page, listLength: max(model.todos.summary?.counts.total ?? 0, page.counts.total), now: time,
        into: &model.ui)
      if let running = model.todos.runningImport {
        let stored = model.todos.importProgress.map { " (\(Listing.grouped($0.imported)) so far)" } ?? ""
        model.ui.say(
          "The import of \(running.path) is still storing rows\(stored): the list shows those stored "
            + "(import cancel stops it).")
      }
    case .pageChanged(_, let outside, _):
      // The feature keeps the page shown current, whoever changed its rows, and nothing needs
      // loading again: the model holds only what the database's reads sent. A change of this
      // app's was printed by its own line; one of another program's is said, since the listing on
      // the screen is out of date.
      if outside { model.ui.say(Self.changedOutside) }
    case .pagePeeked(let page, _, _):
      // The first page of the done items, which `clear-done`'s question waited for.
      return AppMessageUpdater().askClearDone(page, in: &model)
    case .undoPreviewed(let preview, _):
      // What the last change was, which `undo`'s question waited for.
      return AppMessageUpdater().askUndo(preview, in: &model)
    case .summaryRead, .dueSoon, .dueRead:
      // The summary is for what other lines print (counts, completion), the due items for the
      // reminders (the notifications feature's); they print nothing themselves.
      break
    case .lookedUp(let answers, _):
      // What the numbers of the command that waited name: it is performed now.
      return AppMessageUpdater().performWaiting(answers, in: &model)
    case .undone(let undo, _):
      model.ui.say(Self.describe(undo))
    case .importChecked(let path, let importedBefore, _):
      if !importedBefore {
        AppMessageUpdater.startImport(path, again: false, in: &model)
      } else if model.ui.importAsks {
        model.ui.question = .confirmImport(
          path: path,
          text: "\(path) was imported already and has not changed since: importing it again adds its rows "
            + "without an id a second time, and its rows with an id put their items back as the file has them "
            + "(undo takes an import back). Import it again? [y/N] ")
      } else {
        model.ui.fail(TodoFailure.alreadyImported(path: path).description)
      }
    }
    return []
  }

  /// What the app says when another program changed the page shown.
  static let changedOutside = "The list changed outside this session; list shows it as it is now."

  /// How many of the items one `rm` removed are named, one a line.
  static let namedRemovals = 10

  /// What `undo` says it reverted: `Undid: add "buy milk"`.
  static func describe(_ undo: TodoUndo) -> String {
    switch undo.change {
    case .clearDone:
      return "Undid: clear-done (\(Listing.counted(undo.restored.count, "item")) back)."
    case .remove where undo.subject.isEmpty:
      return "Undid: rm (\(Listing.counted(undo.restored.count, "item")) back)."
    case .importCSV:
      return "Undid: import \(undo.subject) (\(Listing.counted(undo.removed.count, "item")) removed, "
        + "\(Listing.grouped(undo.restored.count)) restored)."
    default:
      return "Undid: \(undo.change.rawValue) \"\(undo.subject)\""
    }
  }
}
