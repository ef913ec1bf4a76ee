/// Runs an inner updater box on a slice of the model, reached through a writable key path.
///
/// The slice is changed in place, so nothing is copied. A key path through stored properties only
/// has a byte offset in the model (`MemoryLayout<Model>.offset(of:)`): the slice is then reached by
/// adding it to the model's address, not through the runtime's key-path projection, which costs
/// more on every message (docs/performance.md, "The loop in five steps", step 3).
///
/// Safety: `MemoryLayout.offset(of:)` returns an offset only for key paths whose storage is inline
/// and directly addressable in `Model`, so the offset from the address of a live, exclusively
/// accessed `Model` (the `inout` argument) is the address of its live `Slice` for that access.
final class SliceBox<Model, Slice>: AnyUpdaterBox<Model>, @unchecked Sendable {
  // Safe to share: every property is immutable; the key path was checked to be `Sendable`, and
  // `inner` is itself safe to share.
  let path: WritableKeyPath<Model, Slice>
  /// The slice's byte offset in the model, or `nil` when the key path crosses a computed property.
  let offset: Int?
  let inner: AnyUpdaterBox<Slice>

  init(path: any WritableKeyPath<Model, Slice> & Sendable, inner: AnyUpdaterBox<Slice>) {
    self.path = path
    offset = MemoryLayout<Model>.offset(of: path)
    self.inner = inner
    super.init(messageTypes: inner.messageTypes)
  }

  override func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool {
    guard let offset else {
      return inner.update(&model[keyPath: path], message: message, commands: &commands)
    }
    return update(sliceAt: offset, of: &model, message: message, commands: &commands)
  }

  /// Runs the inner box on the slice at `offset` bytes from `model`, the address of the `inout`
  /// model (passed as `&model`: no closure, unlike `withUnsafeMutablePointer(to:)`, which generic
  /// code calls rather than inlines).
  @inline(__always)
  private func update<M: Message>(
    sliceAt offset: Int, of model: UnsafeMutablePointer<Model>, message: M, commands: inout [any Command]
  ) -> Bool {
    let slice = (UnsafeMutableRawPointer(model) + offset).assumingMemoryBound(to: Slice.self)
    return inner.update(&slice.pointee, message: message, commands: &commands)
  }

  override func contains(_ probe: ChildProbe, in model: Model) -> Bool? {
    inner.contains(probe, in: model[keyPath: path])
  }
}
