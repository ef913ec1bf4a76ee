import Core
import TodoAPI

/// Applies the interpreter's results to the slice; the half of ``TodoUpdater`` for
/// ``TodoAPI/TodoMessage``.
struct TodoResultUpdater: TypedUpdater {
  func update(_ model: inout TodoModel, message: TodoMessage) -> [any Command] {
    // A result of someone who is not the owner now describes a list nobody is looking at.
    guard model.accepts(message), let owner = model.owner else { return [] }
    switch message {
    case .loaded(_, let summary):
      model.summary = summary
      model.isLoading = false
    case .added(let item, _, _), .renamed(let item, _), .toggled(let item, _), .dueDateChanged(let item, _),
      .priorityChanged(let item, _), .tagsChanged(let item, _):
      // The page's rows say what each number names (`done N` reads them) until it is read again;
      // the page's watch reads it again after the commit.
      model.page?.update(item)
      model.lastError = nil
    case .removed(let ids, _), .clearedCompleted(let ids, _):
      model.page?.remove(ids)
      model.lastError = nil
    case .importProgress(let progress, _):
      // A report of an import stopped since (sent just before the stop) changes nothing.
      guard model.isRunningImport(progress.run) else { return [] }
      model.importProgress = progress
    case .importFinished(let report, _):
      guard model.isRunningImport(report.run) else { return [] }
      model.stopImport()
      model.lastImport = report
      model.lastError = nil
      model.isLoading = true
      return [TodoCommand.load(owner)]
    case .importFailed(let failure, let run, _):
      guard model.isRunningImport(run) else { return [] }
      // An import that reported progress had read its header and may have stored batches, which
      // stay: the reload shows them. One that failed before (no file, no header) stored nothing.
      let mayHaveStored = model.importProgress != nil
      model.stopImport()
      model.lastError = failure
      guard mayHaveStored else {
        model.isLoading = false
        return []
      }
      model.isLoading = true
      return [TodoCommand.load(owner)]
    case .exportProgress, .importChecked, .lookedUp, .pagePeeked, .undoPreviewed:
      // The app shows the first and decides on the others (whether to ask before importing again,
      // what to do with the items numbers name, what to ask before deleting the done items or
      // undoing a change of many).
      break
    case .exportFinished(let path, let count, _):
      model.lastExport = TodoExportSummary(path: path, count: count)
      model.lastError = nil
    case .found(let result, _):
      model.lastSearch = result
      model.lastError = nil
    case .pageRead(let page, _, _):
      model.page = page
      model.lastError = nil
    case .pageChanged(let page, _, _):
      // The page shown, read again; one of a page shown before (sent before its subscription
      // stopped) is not the page shown.
      guard model.page?.query == page.query else { return [] }
      model.page = page
    case .summaryRead(let summary, _):
      model.summary = summary
    case .dueSoon, .dueRead:
      // For the reminders, which the notifications feature keeps; the slice holds neither.
      break
    case .undone(let undo, _):
      model.page?.remove(undo.removed)
      for item in undo.restored { model.page?.update(item) }
      model.lastError = nil
    case .failed(let failure, _):
      // A failure ends a pending load: messages carry no request identity, and a load left
      // pending forever is worse than one shown as done when another command failed meanwhile.
      model.lastError = failure
      model.isLoading = false
    }
    return []
  }
}
