public import Core
public import TodoAPI

/// The to-do feature's subscriptions: the import the slice says is running
/// (``TodoAPI/TodoModel/runningImport``), run by ``TodoInterpreter/runImport(_:dispatch:)``.
///
/// ```swift
/// let store = Store(model: TodoModel(owner: user), updater: TodoUpdater(), subscriptions: TodoSubscriptions())
/// let interpreter = TodoInterpreter(database: database)
/// store.register(interpreter)
/// store.register(subscriptions: TodoImportSubscription.self, run: interpreter.runImport)
/// ```
///
/// When the slice stops holding the import (its report or failure arrived, the user cancelled it,
/// signed out, or the app shut down), the provider stops asking for it and the store cancels it.
public struct TodoSubscriptions: SubscriptionProvider {
  /// Creates the provider.
  public init() {}

  /// The running import, if the slice holds one.
  ///
  /// - Parameters:
  ///   - model: The to-do slice after the update.
  ///   - message: Ignored: the slice says everything.
  /// - Returns: The import subscription, or nothing.
  public func subscriptions(for model: TodoModel, message: (any Message)?) -> [any Subscription] {
    guard let running = model.runningImport else { return [] }
    return [running]
  }
}
