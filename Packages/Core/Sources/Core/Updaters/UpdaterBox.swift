final class UpdaterBox<Base: Updater>: AnyUpdaterBox, @unchecked Sendable {
  // Safe to share: `base` is immutable and `Sendable`.
  let base: Base

  init(_ base: Base) {
    self.base = base
    super.init(messageTypes: base.messageTypes)
  }

  override func update<M: Message>(
    _ model: UnsafeMutableRawPointer, message: M, at address: UnsafeRawPointer?, commands: inout [any Command]
  ) -> Bool {
    base.update(
      &model.assumingMemoryBound(to: Base.Model.self).pointee, message: message, commands: &commands)
  }

  override func contains(_ probe: ChildProbe, in model: UnsafeRawPointer) -> Bool? {
    guard let parent = base as? any ChildParent<Base.Model> else { return nil }
    return parent.contains(probe, in: model.assumingMemoryBound(to: Base.Model.self).pointee)
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
