/// Any updater in a box.
final class UpdaterBox<Base: Updater>: AnyUpdaterBox<Base.Model>, @unchecked Sendable {
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
    _ model: inout Base.Model, message: M, commands: inout [any Command]
  ) -> Bool {
    base.update(&model, message: message, commands: &commands)
  }

  override func contains(_ probe: ChildProbe, in model: Base.Model) -> Bool? {
    parent?.contains(probe, in: model)
  }
}

extension Updater {
  /// This updater in a box; a ``FunctionUpdater`` or a ``CombinedUpdater`` hands over the box it
  /// already holds.
  var boxed: AnyUpdaterBox<Model> {
    if let function = self as? FunctionUpdater<Model> { return function.box }
    if let combined = self as? CombinedUpdater<Model> { return combined.box }
    return UpdaterBox(self)
  }
}
