/// Holds an updater behind a non-generic class, so hot paths call it through a vtable without
/// asking the runtime for any generic metadata.
///
/// Measured with `perf` on this machine: calling through `any Updater<Model>` looks up the
/// parameterized existential's metadata on every call, and an array of a generic box class looks up
/// the class's metadata; together about 60 ns of a 100 ns message. This box is neither generic nor
/// existential. The model travels as a raw pointer that the typed subclass rebinds.
///
/// Safety: a box is created only by `Updater.boxed` (or a combinator built on it) for an updater of
/// a known `Model`, and stored only in a ``TypedUpdaterBox`` of that same `Model` (held by
/// `StoreLoop<Model>`, `CombinedUpdater<Model>`, `UpdaterPart<Model>` and
/// `FunctionUpdater<Model>`). Every call passes a pointer to a live, initialized `Model`: the
/// store's own model memory (`StoreLoop.modelPointer`, written by nothing else during the call), or
/// one from `withUnsafeMutablePointer(to: &model)` valid for the call only; a slice box offsets it
/// to a live slice of that model.
class AnyUpdaterBox: @unchecked Sendable {
  // Safe to share: this property is immutable, and every subclass (`UpdaterBox`, the slice boxes,
  // `CombinedBox`, the function boxes) stores only immutable, `Sendable` values.
  let messageTypes: [any Message.Type]?

  init(messageTypes: [any Message.Type]?) { self.messageTypes = messageTypes }

  /// Applies the updater to the `Model` at `model`.
  ///
  /// - Precondition: `model` points to an initialized value of the boxed updater's `Model`.
  func update<M: Message>(
    _ model: UnsafeMutableRawPointer, message: M, commands: inout [any Command]
  ) -> Bool {
    fatalError("AnyUpdaterBox is abstract")
  }
}

final class UpdaterBox<Base: Updater>: AnyUpdaterBox, @unchecked Sendable {
  // Safe to share: `base` is immutable and `Sendable`.
  let base: Base

  init(_ base: Base) {
    self.base = base
    super.init(messageTypes: base.messageTypes)
  }

  override func update<M: Message>(
    _ model: UnsafeMutableRawPointer, message: M, commands: inout [any Command]
  ) -> Bool {
    base.update(
      &model.assumingMemoryBound(to: Base.Model.self).pointee, message: message, commands: &commands)
  }
}

/// An updater box whose `Model` is known statically: the only way the box is handed around.
struct TypedUpdaterBox<Model>: Sendable {
  let box: AnyUpdaterBox

  var messageTypes: [any Message.Type]? { box.messageTypes }

  @inline(__always)
  func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool {
    withUnsafeMutablePointer(to: &model) { box.update($0, message: message, commands: &commands) }
  }
}

extension Updater {
  /// This updater in a box; a ``FunctionUpdater`` hands over the box it already holds.
  var boxed: TypedUpdaterBox<Model> {
    if let function = self as? FunctionUpdater<Model> { return function.box }
    if let combined = self as? CombinedUpdater<Model> { return TypedUpdaterBox(box: combined.box) }
    return TypedUpdaterBox(box: UpdaterBox(self))
  }
}
