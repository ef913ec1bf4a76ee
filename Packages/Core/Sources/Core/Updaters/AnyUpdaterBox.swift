/// An updater of `Model` behind a class, whatever its own type: the form every updater takes
/// inside a store and a ``CombinedUpdater``.
///
/// Calling through `any Updater<Model>` would look up the parameterized existential's metadata on
/// every call; a call to this class's method goes through its vtable, and the model and the
/// message reach it as typed values (the model `inout`, the message as its own generic type).
/// Subclasses: ``UpdaterBox`` (any updater), ``CombinedBox`` (the parts of a `CombinedUpdater`),
/// ``SliceBox`` (a part on a slice) and ``RoutedBox`` (a closure compiled for one message type, as
/// `TypedUpdater`s and `.forEach` make them).
@usableFromInline
class AnyUpdaterBox<Model>: UpdaterBoxBase, @unchecked Sendable {
  /// Applies the updater to `model` in place.
  ///
  /// - Parameters:
  ///   - model: The model (or slice) to change.
  ///   - message: The message being processed.
  ///   - commands: Receives the commands the updater returns.
  /// - Returns: Whether the updater handled `message`.
  func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool {
    fatalError("AnyUpdaterBox is abstract")
  }

  /// Whether the child `probe` names is present in `model`: `nil` when no part of this updater
  /// routes messages to such children (the store then cannot tell, and lets the child's commands
  /// run).
  func contains(_ probe: ChildProbe, in model: Model) -> Bool? { nil }
}

/// What every updater box holds, whatever its model: a class that is not generic, so the parts of a
/// ``CombinedBox`` sit in an array whose element type the runtime need not look up for each message
/// (docs/performance.md, "The loop in five steps", step 3).
@usableFromInline
class UpdaterBoxBase: @unchecked Sendable {
  // Safe to share: this property is immutable, and every subclass stores only immutable, `Sendable`
  // values.
  let messageTypes: [any Message.Type]?

  init(messageTypes: [any Message.Type]?) { self.messageTypes = messageTypes }
}
