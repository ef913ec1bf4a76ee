/// The watcher of one key path to an `Equatable` slice.
///
/// The value held lives in memory allocated once, compared in place: Core's generic code is not
/// specialized for the app's types, and an optional or a copy of `Value` there would cost the
/// runtime a metadata lookup and value-witness calls on every comparison; in place, the comparison
/// is one `==` call.
final class TypedSliceWatcher<Model: Sendable, Value: Equatable>: SliceWatcher {
  let keyPath: KeyPath<Model, Value>
  /// The identity under which the registrar tracks the slice: a key path of the store.
  let storeKeyPath: KeyPath<Store<Model>, Value>
  /// The value read when armed; initialised only while ``SliceWatcher/isArmed``.
  private let snapshot: UnsafeMutablePointer<Value>

  init(
    keyPath: KeyPath<Model, Value>, storeKeyPath: KeyPath<Store<Model>, Value>,
    notify: @escaping () -> Void
  ) {
    self.keyPath = keyPath
    self.storeKeyPath = storeKeyPath
    snapshot = .allocate(capacity: 1)
    super.init(
      notify: notify, offset: MemoryLayout<Model>.offset(of: keyPath), size: MemoryLayout<Value>.size,
      snapshot: UnsafeMutableRawPointer(snapshot))
  }

  deinit {
    if isArmed { snapshot.deinitialize(count: 1) }
    snapshot.deallocate()
  }

  /// Holds `value`, the slice as just read.
  ///
  /// - Precondition: The watcher is not armed.
  func arm(with value: Value) {
    snapshot.initialize(to: value)
    isArmed = true
  }

  override func hasChanged(in model: UnsafeRawPointer) -> Bool {
    model.assumingMemoryBound(to: Model.self).pointee[keyPath: keyPath] != snapshot.pointee
  }

  override func disarm() {
    snapshot.deinitialize(count: 1)
    isArmed = false
  }
}
