import Core
import TodoAPI

/// Applies the interpreter's results to the slice; the half of ``TodoUpdater`` for
/// ``TodoAPI/TodoMessage``.
struct TodoResultUpdater: TypedUpdater {
  func update(_ model: inout TodoModel, message: TodoMessage) -> [any Command] {
    if case .loaded(let user, let items) = message {
      guard model.owner == user else { return [] }
      model.replaceItems(with: items)
      model.isLoading = false
      return []
    }
    guard let owner = model.owner else { return [] }
    switch message {
    case .loaded:
      break
    case .added(let item), .renamed(let item), .toggled(let item), .dueDateChanged(let item):
      model.upsert(item)
      model.lastError = nil
    case .removed(let id):
      model.remove(CollectionOfOne(id))
      model.lastError = nil
    case .clearedCompleted(let ids):
      model.remove(ids)
      model.lastError = nil
    case .importProgress(let progress):
      model.importProgress = progress
    case .importFinished(let report):
      model.importProgress = nil
      model.lastImport = report
      model.lastError = nil
      model.isLoading = true
      return [TodoCommand.load(owner)]
    case .exportFinished(let path, let count):
      model.lastExport = TodoExportSummary(path: path, count: count)
      model.lastError = nil
    case .failed(let failure):
      // A failure ends a pending load: messages carry no request identity, and a load left
      // pending forever is worse than one shown as done when another command failed meanwhile.
      model.lastError = failure
      model.isLoading = false
    }
    return []
  }
}
