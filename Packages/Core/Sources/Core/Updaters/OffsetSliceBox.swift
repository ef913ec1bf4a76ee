/// Runs an inner updater box on a slice of the model, reached by a stored-property offset.
///
/// `.slice(\.todos, TodoUpdater())` with a key path to stored properties becomes a byte offset
/// (`MemoryLayout<Model>.offset(of:)`), so projecting the slice is pointer arithmetic instead of a
/// key-path application.
///
/// Safety: `MemoryLayout.offset(of:)` returns an offset only for key paths whose storage is inline
/// and directly addressable in `Model`; the pointer it produces from a pointer to a live `Model`
/// points to a live `Slice`, which is what the inner box (made for `Slice`) expects. Key paths
/// through computed properties get no offset and use ``KeyPathSliceBox``.
final class OffsetSliceBox: AnyUpdaterBox, @unchecked Sendable {
  // Safe to share: both properties are immutable; `inner` is itself safe to share.
  let offset: Int
  let inner: AnyUpdaterBox

  init(offset: Int, inner: AnyUpdaterBox) {
    self.offset = offset
    self.inner = inner
    super.init(messageTypes: inner.messageTypes)
  }

  override func update<M: Message>(
    _ model: UnsafeMutableRawPointer, message: M, at address: UnsafeRawPointer?, commands: inout [any Command]
  ) -> Bool {
    inner.update(model + offset, message: message, at: address, commands: &commands)
  }

  override func contains(_ probe: ChildProbe, in model: UnsafeRawPointer) -> Bool? {
    inner.contains(probe, in: model + offset)
  }
}
