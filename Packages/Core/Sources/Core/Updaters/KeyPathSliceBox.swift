/// Runs an inner updater box on a slice of the model reached through a key path that has no
/// stored offset (a computed property along the way).
final class KeyPathSliceBox<Model, Slice>: AnyUpdaterBox, @unchecked Sendable {
  // Safe to share: both properties are immutable and `Sendable` (the key path was checked to be).
  let path: any WritableKeyPath<Model, Slice> & Sendable
  let inner: AnyUpdaterBox

  init(path: any WritableKeyPath<Model, Slice> & Sendable, inner: AnyUpdaterBox) {
    self.path = path
    self.inner = inner
    super.init(messageTypes: inner.messageTypes)
  }

  override func update<M: Message>(
    _ model: UnsafeMutableRawPointer, message: M, at address: UnsafeRawPointer?, commands: inout [any Command]
  ) -> Bool {
    let root = model.assumingMemoryBound(to: Model.self)
    return withUnsafeMutablePointer(to: &root.pointee[keyPath: path]) { slice in
      inner.update(slice, message: message, at: address, commands: &commands)
    }
  }

  override func contains(_ probe: ChildProbe, in model: UnsafeRawPointer) -> Bool? {
    withUnsafePointer(to: model.assumingMemoryBound(to: Model.self).pointee[keyPath: path]) {
      inner.contains(probe, in: $0)
    }
  }
}
