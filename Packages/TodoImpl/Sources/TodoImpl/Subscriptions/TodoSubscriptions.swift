public import Core
public import TodoAPI

/// The to-do feature's subscriptions: the import the slice says is running
/// (``TodoAPI/TodoModel/runningImport``), run by ``TodoInterpreter/runImport(_:dispatch:)``; the
/// page it shows (``TodoAPI/TodoModel/page``), kept current by
/// ``TodoInterpreter/observePage(_:dispatch:)``; and the summary of the owner's list
/// (``TodoAPI/TodoModel/summary``), kept current by ``TodoInterpreter/observeSummary(_:dispatch:)``.
///
/// ```swift
/// let store = Store(model: TodoModel(owner: user), updater: TodoUpdater(), subscriptions: TodoSubscriptions())
/// let interpreter = TodoInterpreter(database: database)
/// store.register(interpreter)
/// store.register(subscriptions: TodoImportSubscription.self, run: interpreter.runImport)
/// store.register(subscriptions: TodoPageSubscription.self, run: interpreter.observePage)
/// store.register(subscriptions: TodoSummarySubscription.self, run: interpreter.observeSummary)
/// ```
///
/// When the slice stops holding the import (its report or failure arrived, the user cancelled it,
/// signed out, or the app shut down), the provider stops asking for it and the store cancels it.
public struct TodoSubscriptions: SubscriptionProvider {
  /// Creates the provider.
  public init() {}

  /// The running import, if the slice holds one; otherwise the summary of the owner's list, once
  /// it is loaded, and the page the slice shows, if it has a size.
  ///
  /// Neither the page nor the summary is watched while an import runs: they would be read again
  /// after every batch. The import's end starts the watches again, and their first reads show what
  /// the import stored. A page
  /// without a size is the whole list, printed once (`list --all`, a script's `list`): no window to
  /// keep current, and reading it again after every change would cost a pass over the list.
  ///
  /// - Parameters:
  ///   - model: The to-do slice after the update.
  ///   - message: Ignored: the slice says everything.
  /// - Returns: The import subscription; or the summary's (once the list is loaded) and the page's
  ///   (if it has a size); or nothing while signed out.
  public func subscriptions(for model: TodoModel, message: (any Message)?) -> [any Subscription] {
    if let running = model.runningImport { return [running] }
    guard let owner = model.owner else { return [] }
    // Read after the load, not beside it: the two would compete for the disk at sign-in.
    let summary = model.isLoading ? [] : [TodoSummarySubscription(owner: owner)]
    guard let page = model.page, page.query.pageSize != nil else { return summary }
    return summary + [TodoPageSubscription(owner: owner, query: page.query)]
  }
}
