/// An updater for one message type on one model type: the common case.
///
/// Implement ``update(_:message:)``; the store hands it only messages of type ``TypedUpdater/UpdateMessage``,
/// and every other message is ignored after a comparison of type identities.
///
/// ```swift
/// struct CounterUpdater: TypedUpdater {
///   func update(_ model: inout Counter, message: CounterMessage) -> [any Command] {
///     switch message {
///     case .increment: model.value += 1
///     case .save: return [CounterCommand.save(model.value)]
///     }
///     return []
///   }
/// }
/// ```
public protocol TypedUpdater<Model, UpdateMessage>: Updater {
  /// The type of model this updater changes, inferred from ``update(_:message:)``.
  ///
  /// Restated from ``Updater`` so that Swift infers it from the typed method.
  associatedtype Model

  /// The message type this updater handles.
  associatedtype UpdateMessage: Message

  /// Applies `message` to `model` in place and returns the commands it emits.
  ///
  /// Implement this or ``update(_:message:into:)``; each has a default that calls the other.
  ///
  /// - Parameters:
  ///   - model: The model to change in place.
  ///   - message: The message being processed.
  /// - Returns: The commands to run after the model has changed; `[]` for none (no allocation).
  func update(_ model: inout Model, message: UpdateMessage) -> [any Command]

  /// Applies `message` to `model` in place and appends the commands it emits to `commands`.
  ///
  /// The form the store calls. Implement it instead of ``update(_:message:)`` where a message
  /// emits commands often: appending to the store's buffer allocates nothing (once the buffer has
  /// grown), where returning `[command]` allocates an array for every message that emits one (a
  /// large part of an effect round trip's cost, docs/performance.md). Its default calls
  /// ``update(_:message:)``, whose default calls this: implement one of the two.
  ///
  /// ```swift
  /// func update(_ model: inout Counter, message: CounterMessage, into commands: inout [any Command]) {
  ///   switch message {
  ///   case .increment: model.value += 1
  ///   case .save: commands.append(CounterCommand.save(model.value))
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - model: The model to change in place.
  ///   - message: The message being processed.
  ///   - commands: The commands emitted so far for this message (by this and other updaters);
  ///     append to it, never remove.
  func update(_ model: inout Model, message: UpdateMessage, into commands: inout [any Command])

  /// Whether this updater takes `message` in `model`'s state; by default, every message of its
  /// type.
  ///
  /// A message no updater takes is reported (``StoreEvent/unhandledMessage(_:)``, a `TestStore`
  /// failure). Return `false` to keep that report for a message this updater only sometimes
  /// applies to: a list that also reacts to its rows' messages (to re-sort after a toggle) takes
  /// them only while the row is there, so a message for a row that is gone is still reported:
  ///
  /// ```swift
  /// struct ListReactions: TypedUpdater {
  ///   func handles(_ message: ElementMessage<Row.ID, RowMessage>, in model: List) -> Bool {
  ///     model.rows.contains(id: message.id)
  ///   }
  ///   func update(_ model: inout List, message: ElementMessage<Row.ID, RowMessage>) -> [any Command] {
  ///     model.rows.sort { !$0.isDone && $1.isDone }
  ///     return []
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - message: The message.
  ///   - model: The model (or slice) before the update.
  /// - Returns: `false` to leave the model as it is and the message unhandled by this updater.
  func handles(_ message: UpdateMessage, in model: Model) -> Bool
}

extension TypedUpdater {
  /// Every message of ``TypedUpdater/UpdateMessage``.
  ///
  /// - Parameters:
  ///   - message: The message.
  ///   - model: The model before the update.
  /// - Returns: `true`.
  @inlinable
  public func handles(_ message: UpdateMessage, in model: Model) -> Bool { true }

  /// Calls ``update(_:message:)`` and appends what it returns.
  ///
  /// - Parameters:
  ///   - model: The model to change in place.
  ///   - message: The message being processed.
  ///   - commands: Receives the commands ``update(_:message:)`` returns.
  @inlinable
  public func update(_ model: inout Model, message: UpdateMessage, into commands: inout [any Command]) {
    commands.appendEmitted(update(&model, message: message))
  }

  /// Calls ``update(_:message:into:)`` with an empty buffer and returns it.
  ///
  /// - Parameters:
  ///   - model: The model to change in place.
  ///   - message: The message being processed.
  /// - Returns: The commands ``update(_:message:into:)`` appended.
  @inlinable
  public func update(_ model: inout Model, message: UpdateMessage) -> [any Command] {
    var commands: [any Command] = []
    update(&model, message: message, into: &commands)
    return commands
  }
}

extension TypedUpdater {
  /// Exactly ``TypedUpdater/UpdateMessage``.
  public var messageTypes: [any Message.Type]? { [UpdateMessage.self] }

  /// Forwards messages of type ``TypedUpdater/UpdateMessage`` to ``update(_:message:into:)`` and ignores the
  /// rest.
  ///
  /// - Parameters:
  ///   - model: The model to change in place.
  ///   - message: The message being processed.
  ///   - commands: Receives the commands that ``update(_:message:into:)`` appends.
  /// - Returns: Whether `message` was an ``TypedUpdater/UpdateMessage``.
  public func update<M: Message>(
    _ model: inout Model, message: M, commands: inout [any Command]
  ) -> Bool {
    guard let typed = exactCast(message, to: UpdateMessage.self), handles(typed, in: model) else {
      return false
    }
    update(&model, message: typed, into: &commands)
    return true
  }
}

extension TypedUpdater {
  /// This updater as a ``FunctionUpdater`` whose closure is compiled for `Self` where it is made:
  /// the store, a ``CombinedUpdater`` part and a feature build one from a ``TypedUpdater`` they are
  /// given in an inlinable initialiser, so the caller's module specialises it. A message of
  /// ``TypedUpdater/UpdateMessage`` then reaches ``update(_:message:into:)`` with one comparison of type identities,
  /// without the runtime's generic metadata lookups of the unspecialised path.
  @inlinable
  var specialized: FunctionUpdater<Model> {
    FunctionUpdater(
      box: RoutedBox<Model, UpdateMessage>(messageTypes: messageTypes) { model, message, commands in
        guard handles(message, in: model) else { return false }
        update(&model, message: message, into: &commands)
        return true
      })
  }
}

extension [any Command] {
  /// Appends the commands an update returned: into an empty buffer, the returned array itself (no
  /// copy, and the buffer it replaces is freed as the returned one would have been).
  @inlinable
  mutating func appendEmitted(_ emitted: [any Command]) {
    guard !emitted.isEmpty else { return }
    if isEmpty { self = emitted } else { append(contentsOf: emitted) }
  }
}
