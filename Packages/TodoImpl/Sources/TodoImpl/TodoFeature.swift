public import Core
public import Foundation
public import GRDB
public import TodoAPI

/// What the to-do feature needs from the app's environment.
public protocol TodoEnvironment: SendableMetatype {
  /// The app's database; the feature migrates its table there (``Core/Composition/prepare(_:)``).
  var database: any DatabaseWriter { get }
  /// The wall-clock time: creation and change times, and the pace of import progress.
  var now: @Sendable () -> Date { get }
}

extension Feature where Environment: TodoEnvironment {
  /// The to-do list on the slice at `slice`: its updater, its subscriptions (the import, the page
  /// shown), its messages for replay, its migrations, and its interpreter and subscription runners on
  /// the environment's database.
  ///
  /// - Parameter slice: Where the app's model keeps the to-do slice.
  /// - Returns: The feature.
  public static func todo(_ slice: any WritableKeyPath<Model, TodoModel> & Sendable) -> Self {
    Feature(
      "Todo",
      updater: .slice(slice, TodoUpdater()),
      subscriptions: .slice(slice, TodoSubscriptions()),
      messageTypes: [TodoMessage.self],
      prepare: { environment in try TodoDatabase.migrate(environment.database) },
      interpreters: { environment, registrations in
        // A change of one item is written at once, on the store's actor, unless an import is
        // storing batches; then, like every other command, on a thread of the feature's own (see
        // `DatabaseThread` and `TodoInterpreter.interpretNow(_:dispatch:)`).
        let interpreter = TodoInterpreter(
          database: environment.database, now: environment.now, databaseThread: DatabaseThread(),
          changesInline: true)
        registrations.register(interpreter)
        registrations.register(subscriptions: TodoImportSubscription.self, run: interpreter.runImport)
        registrations.register(subscriptions: TodoPageSubscription.self, run: interpreter.observePage)
        registrations.register(subscriptions: TodoSummarySubscription.self, run: interpreter.observeSummary)
        registrations.register(subscriptions: TodoDueSubscription.self, run: interpreter.observeDue)
      })
  }
}
