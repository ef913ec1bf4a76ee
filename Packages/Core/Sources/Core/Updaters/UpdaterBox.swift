final class UpdaterBox<Base: Updater>: AnyUpdaterBox, @unchecked Sendable {
  // Safe to share: `base` is immutable and `Sendable`, and `parent` is `base` itself.
  let base: Base
  /// `base`, when it is an updater of children that can say whether one is present; cast once
  /// here, not for every probe.
  let parent: (any ChildParent<Base.Model>)?

  init(_ base: Base) {
    self.base = base
    parent = base as? any ChildParent<Base.Model>
    super.init(messageTypes: base.messageTypes)
  }

  override func update<M: Message>(
    _ model: UnsafeMutableRawPointer, message: M, at address: UnsafeRawPointer?, commands: inout [any Command]
  ) -> Bool {
    base.update(
      &model.assumingMemoryBound(to: Base.Model.self).pointee, message: message, commands: &commands)
  }

  override func contains(_ probe: ChildProbe, in model: UnsafeRawPointer) -> Bool? {
    guard let parent else { return nil }
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
