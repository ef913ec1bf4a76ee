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
  // Safety of `@exclusivity(unchecked)`: the store's actor confines this object (it is not
  // `Sendable`), and no access to `armed` overlaps another: `notifyChanges` reads an element,
  // then calls out (`notify`), which may append to it through `arm`, between two reads.
  private var watchers: [AnyKeyPath: SliceWatcher] = [:]
  /// The armed watchers, in no particular order. Its element type does not depend on `Model`, so
  /// the loop over it is compiled for that type, not run through the generic array's witnesses.
  @exclusivity(unchecked) private var armed: [SliceWatcher] = []
  /// Where each armed watcher's slice and value lie, at the same index as in ``armed``: plain
  /// values, so the scan that finds no change retains nothing.
  @exclusivity(unchecked) private var bits: [SliceBits] = []
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
    if let existing = watchers[keyPath as AnyKeyPath] {
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
    guard !watcher.isArmed else { return }
    watcher.arm(with: value)
    armed.append(watcher)
    bits.append(watcher.bits)
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
    let model = UnsafeRawPointer(model)
    var index = 0
    while let candidate = firstWithOtherBits(from: index, in: model) {
      let watcher = armed[candidate]
      guard watcher.hasChanged(in: model) else {
        index = candidate + 1
        continue
      }
      armed.swapAt(candidate, armed.count - 1)
      armed.removeLast()
      bits.swapAt(candidate, bits.count - 1)
      bits.removeLast()
      hasArmed = !armed.isEmpty
      watcher.disarm()
      watcher.notify()
      index = candidate
    }
  }

  /// The index of the first armed slice from `start` on whose bits differ from its value's.
  private func firstWithOtherBits(from start: Int, in model: UnsafeRawPointer) -> Int? {
    bits.withUnsafeBufferPointer { bits in
      var index = start
      while index < bits.count {
        if !bits[index].isUnchanged(in: model) { return index }
        index += 1
      }
      return nil
    }
  }
}

/// Where a slice lies in the model and where the value held for it lies: enough to tell that the
/// slice has not changed without knowing its type.
struct SliceBits {
  /// The slice's byte offset in the model when its key path is a chain of stored properties,
  /// else `-1`.
  let offset: Int
  /// The size of the slice's value in bytes.
  let size: Int
  /// The value held, as bytes; initialised only while its watcher is armed.
  let snapshot: UnsafeMutableRawPointer

  /// Whether the slice in `model` has the very bits of the value held: then it has not changed.
  ///
  /// A copy has the bits of its original (references to the same storage, the same inline
  /// bytes), and a value cannot change without changing bits it holds inline: an array changed in
  /// place while the watcher holds it is copied first, so its buffer's address changes. The
  /// reverse does not hold (equal values may differ in bits), so differing bits fall back to
  /// ``SliceWatcher/hasChanged(in:)``. The check needs no knowledge of the value's type, which
  /// Core's generic code would otherwise reach through the runtime (metadata, value witnesses) at
  /// several times the cost.
  ///
  /// - Parameter model: The model the watcher was made for.
  /// - Returns: `false` when the bits differ or the slice has no fixed offset.
  @inline(__always)
  func isUnchanged(in model: UnsafeRawPointer) -> Bool {
    guard offset >= 0 else { return false }
    let slice = model + offset
    var byte = 0
    while byte + 8 <= size {
      if slice.loadUnaligned(fromByteOffset: byte, as: UInt64.self)
        != snapshot.loadUnaligned(fromByteOffset: byte, as: UInt64.self)
      {
        return false
      }
      byte += 8
    }
    while byte < size {
      if slice.load(fromByteOffset: byte, as: UInt8.self)
        != snapshot.load(fromByteOffset: byte, as: UInt8.self)
      {
        return false
      }
      byte += 1
    }
    return true
  }
}

/// One slice's watcher, seen without its types.
class SliceWatcher {
  /// Tells the registrar that the slice changed (`willSet`, then `didSet`).
  let notify: () -> Void
  /// Whether it holds the value last read, to compare the slice with after each message.
  @exclusivity(unchecked) final var isArmed = false
  /// Where the slice and the value held lie.
  final let bits: SliceBits
  /// The slice's byte offset in the model, or `-1` (see ``SliceBits/offset``).
  final var offset: Int { bits.offset }

  init(notify: @escaping () -> Void, offset: Int?, size: Int, snapshot: UnsafeMutableRawPointer) {
    self.notify = notify
    bits = SliceBits(offset: offset ?? -1, size: size, snapshot: snapshot)
  }

  /// Whether the slice in `model` differs from the value held since the watcher was armed.
  ///
  /// - Parameter model: The model the watcher was made for.
  /// - Precondition: The watcher is armed.
  func hasChanged(in model: UnsafeRawPointer) -> Bool {
    preconditionFailure("overridden")
  }

  /// Drops the value held.
  ///
  /// - Precondition: The watcher is armed.
  func disarm() {
    preconditionFailure("overridden")
  }
}

/// The watcher of one key path to an `Equatable` slice.
///
/// The value held lives in memory allocated once, compared in place: Core's generic code is not
/// specialized for the app's types, and an optional or a copy of `Value` there would cost the
/// runtime a metadata lookup and value-witness calls on every comparison (about 130 ns a watcher a
/// message, measured with issue 18's benchmark; in place, the comparison is one `==` call).
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

  /// The slice in `model`.
  func value(in model: UnsafePointer<Model>) -> Value {
    guard offset >= 0 else { return model.pointee[keyPath: keyPath] }
    return UnsafeRawPointer(model).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
  }

  /// Holds `value`, the slice as just read.
  ///
  /// - Precondition: The watcher is not armed.
  func arm(with value: Value) {
    snapshot.initialize(to: value)
    isArmed = true
  }

  override func hasChanged(in model: UnsafeRawPointer) -> Bool {
    guard offset >= 0 else {
      return model.assumingMemoryBound(to: Model.self).pointee[keyPath: keyPath] != snapshot.pointee
    }
    return model.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee != snapshot.pointee
  }

  override func disarm() {
    snapshot.deinitialize(count: 1)
    isArmed = false
  }
}
