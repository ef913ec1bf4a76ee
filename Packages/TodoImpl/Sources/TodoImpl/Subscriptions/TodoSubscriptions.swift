public import Core
public import TodoAPI

/// The to-do feature's subscriptions: the import the slice says is running
/// (``TodoAPI/TodoModel/runningImport``), run by ``TodoInterpreter/runImport(_:dispatch:)``, and the
/// page it shows (``TodoAPI/TodoModel/page``), kept current by
/// ``TodoInterpreter/observePage(_:dispatch:)``.
///
/// ```swift
/// let store = Store(model: TodoModel(owner: user), updater: TodoUpdater(), subscriptions: TodoSubscriptions())
/// let interpreter = TodoInterpreter(database: database)
/// store.register(interpreter)
/// store.register(subscriptions: TodoImportSubscription.self, run: interpreter.runImport)
/// store.register(subscriptions: TodoPageSubscription.self, run: interpreter.observePage)
/// ```
///
/// When the slice stops holding the import (its report or failure arrived, the user cancelled it,
/// signed out, or the app shut down), the provider stops asking for it and the store cancels it.
public struct TodoSubscriptions: SubscriptionProvider {
  /// Creates the provider.
  public init() {}

  /// The running import, if the slice holds one; otherwise the page the slice shows, if it has a
  /// size.
  ///
  /// The page is not watched while an import runs: it would be read again after every batch. The
  /// import's end starts the watch again, and its first read shows what the import stored. A page
  /// without a size is the whole list, printed once (`list --all`, a script's `list`): no window to
  /// keep current, and reading it again after every change would cost a pass over the list.
  ///
  /// - Parameters:
  ///   - model: The to-do slice after the update.
  ///   - message: Ignored: the slice says everything.
  /// - Returns: The import subscription, or the page subscription, or nothing.
  public func subscriptions(for model: TodoModel, message: (any Message)?) -> [any Subscription] {
    if let running = model.runningImport { return [running] }
    guard let owner = model.owner, let page = model.page, page.query.pageSize != nil else { return [] }
    return [TodoPageSubscription(owner: owner, query: page.query)]
  }
}
