/// The store's part that lets Observation track one slice of the model instead of all of it.
///
/// Each key path read through `store[keyPath]` gets a watcher. A watcher is *armed* from a read
/// until the slice changes: it holds the value that was read, and after every message the store
/// compares the slice with it (`==`). When they differ, the watcher tells the registrar that the
/// slice changed and disarms, dropping the value it held. Observation's trackers are one-shot (a
/// SwiftUI view or a `withObservationTracking` caller reads again to keep observing), and reading
/// again re-arms the watcher, so a slice nobody reads any more costs nothing after its next
/// change; a store whose slices are not read costs one flag check a message.
///
/// Watchers are kept by key path for the life of the store, so each distinct key path read costs
/// one small object once.
final class SliceObservers<Model: Sendable> {
  private var watchers: [AnyKeyPath: SliceWatcher<Model>] = [:]
  /// The armed watchers, in no particular order.
  private var armed: [SliceWatcher<Model>] = []
  /// Whether any watcher is armed: checked after every message.
  @exclusivity(unchecked) private(set) var hasArmed = false

  /// The watcher of `keyPath`, made with `make` the first time.
  ///
  /// - Parameters:
  ///   - keyPath: The slice's key path into the model.
  ///   - make: Makes the watcher.
  /// - Returns: The watcher.
  func watcher<Value: Equatable>(
    for keyPath: KeyPath<Model, Value>, make: () -> TypedSliceWatcher<Model, Value>
  ) -> TypedSliceWatcher<Model, Value> {
    if let existing = watchers[keyPath] {
      // The dictionary is keyed by this very key path, so the watcher was made for `Value`.
      return unsafeDowncast(existing, to: TypedSliceWatcher<Model, Value>.self)
    }
    let made = make()
    watchers[keyPath] = made
    return made
  }

  /// Arms `watcher` with `value`, the slice as just read, unless it is armed already (then the
  /// slice has not changed since it was armed, so the value it holds is the same).
  func arm<Value: Equatable>(_ watcher: TypedSliceWatcher<Model, Value>, with value: Value) {
    guard watcher.snapshot == nil else { return }
    watcher.snapshot = value
    armed.append(watcher)
    hasArmed = true
  }

  /// Compares every armed slice with the model, and for each that changed, disarms it and calls
  /// its `notify`.
  ///
  /// A `notify` that reads a slice again (an Observation observer re-registering at once) re-arms
  /// it: the watcher is appended and compared in this same pass, where it finds no change.
  ///
  /// - Parameter model: The model, after the update.
  func notifyChanges(in model: UnsafePointer<Model>) {
    var index = 0
    while index < armed.count {
      let watcher = armed[index]
      guard watcher.hasChanged(in: model) else {
        index += 1
        continue
      }
      armed.swapAt(index, armed.count - 1)
      armed.removeLast()
      hasArmed = !armed.isEmpty
      watcher.disarm()
      watcher.notify()
    }
  }
}

/// One slice's watcher, seen without its value type.
class SliceWatcher<Model: Sendable> {
  /// Tells the registrar that the slice changed (`willSet`, then `didSet`).
  let notify: () -> Void

  init(notify: @escaping () -> Void) {
    self.notify = notify
  }

  /// Whether the slice in `model` differs from the value held since the watcher was armed.
  func hasChanged(in model: UnsafePointer<Model>) -> Bool {
    preconditionFailure("overridden")
  }

  /// Drops the value held.
  func disarm() {
    preconditionFailure("overridden")
  }
}

/// The watcher of one key path to an `Equatable` slice.
final class TypedSliceWatcher<Model: Sendable, Value: Equatable>: SliceWatcher<Model> {
  let keyPath: KeyPath<Model, Value>
  /// The identity under which the registrar tracks the slice: a key path of the store.
  let storeKeyPath: KeyPath<Store<Model>, Value>
  /// The slice's byte offset in the model when the key path is a chain of stored properties:
  /// reading through it skips the key path's projection.
  private let offset: Int?
  /// The value read when armed; `nil` when disarmed.
  var snapshot: Value?

  init(
    keyPath: KeyPath<Model, Value>, storeKeyPath: KeyPath<Store<Model>, Value>,
    notify: @escaping () -> Void
  ) {
    self.keyPath = keyPath
    self.storeKeyPath = storeKeyPath
    offset = MemoryLayout<Model>.offset(of: keyPath)
    super.init(notify: notify)
  }

  /// The slice in `model`.
  @inline(__always)
  func value(in model: UnsafePointer<Model>) -> Value {
    if let offset {
      return UnsafeRawPointer(model).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }
    return model.pointee[keyPath: keyPath]
  }

  override func hasChanged(in model: UnsafePointer<Model>) -> Bool {
    guard let snapshot else { return false }
    return value(in: model) != snapshot
  }

  override func disarm() {
    snapshot = nil
  }
}
