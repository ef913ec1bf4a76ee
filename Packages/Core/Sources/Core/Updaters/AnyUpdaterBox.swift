/// Holds an updater behind a non-generic class, so hot paths call it through a vtable without
/// asking the runtime for any generic metadata.
///
/// Calling through `any Updater<Model>` looks up the parameterized existential's metadata on every
/// call, and an array of a generic box class looks up the class's metadata; together more than half
/// of a message's cost (docs/performance.md). This box is neither generic nor
/// existential. The model travels as a raw pointer that the typed subclass rebinds.
///
/// Safety: a box is created only by `Updater.boxed` (or a combinator built on it) for an updater of
/// a known `Model`, and stored only in a ``TypedUpdaterBox`` of that same `Model` (held by
/// `StoreLoop<Model>`, `CombinedUpdater<Model>`, `UpdaterPart<Model>` and
/// `FunctionUpdater<Model>`). Every call passes a pointer to a live, initialized `Model`: the
/// store's own model memory (`StoreLoop.modelPointer`, written by nothing else during the call), or
/// one from `withUnsafeMutablePointer(to: &model)` valid for the call only; a slice box offsets it
/// to a live slice of that model.
@usableFromInline
class AnyUpdaterBox: @unchecked Sendable {
  // Safe to share: this property is immutable, and every subclass (`UpdaterBox`, the slice boxes,
  // `CombinedBox`, the function boxes) stores only immutable, `Sendable` values.
  let messageTypes: [any Message.Type]?

  init(messageTypes: [any Message.Type]?) { self.messageTypes = messageTypes }

  /// Applies the updater to the `Model` at `model`.
  ///
  /// - Parameter address: Where `message` lies, valid for the call, if the caller took it where
  ///   its type is known (``Store/send(_:)``): a box that reads the message through a pointer
  ///   (``RoutedBox``) then does not take it again in generic code. Other boxes pass it on or ignore
  ///   it.
  /// - Precondition: `model` points to an initialized value of the boxed updater's `Model`.
  func update<M: Message>(
    _ model: UnsafeMutableRawPointer, message: M, at address: UnsafeRawPointer?, commands: inout [any Command]
  ) -> Bool {
    fatalError("AnyUpdaterBox is abstract")
  }

  /// Whether the child `probe` names is present in the `Model` at `model`: `nil` when no part of
  /// this updater routes messages to such children (the store then cannot tell, and lets the
  /// child's commands run).
  func contains(_ probe: ChildProbe, in model: UnsafeRawPointer) -> Bool? { nil }
}
