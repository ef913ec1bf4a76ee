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
  private var watchers: [AnyKeyPath: SliceWatcher] = [:]

  /// The armed watchers and where their slices lie, read after every message.
  private struct Armed {
    /// The armed watchers, in no particular order. Its element type does not depend on `Model`,
    /// so the loop over it is compiled for that type, not run through the generic array's
    /// witnesses.
    var watchers: [SliceWatcher] = []
    /// Where each armed watcher's slice and value lie, at the same index as in `watchers`: plain
    /// values, so the scan that finds no change retains nothing.
    var bits: [SliceBits] = []
    /// Whether any watcher is armed.
    var any = false
  }

  // Safety of `@exclusivity(unchecked)`: the store's actor confines this object (it is not
  // `Sendable`), and no access to `armed` spans a call out: `notifyChanges` reads an element, then
  // calls out (`notify`), which may append to it through `arm`, between two accesses. What it buys
  // is in docs/performance.md.
  @exclusivity(unchecked) private var armed = Armed()

  /// Whether any watcher is armed: checked after every message.
  var hasArmed: Bool { armed.any }

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
      return existing as! TypedSliceWatcher<Model, Value>
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
    armed.watchers.append(watcher)
    armed.bits.append(watcher.bits)
    armed.any = true
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
      let watcher = armed.watchers[candidate]
      guard watcher.hasChanged(in: model) else {
        index = candidate + 1
        continue
      }
      armed.watchers.swapAt(candidate, armed.watchers.count - 1)
      armed.watchers.removeLast()
      armed.bits.swapAt(candidate, armed.bits.count - 1)
      armed.bits.removeLast()
      armed.any = !armed.bits.isEmpty
      watcher.disarm()
      watcher.notify()
      index = candidate
    }
  }

  /// The index of the first armed slice from `start` on whose bits differ from its value's.
  private func firstWithOtherBits(from start: Int, in model: UnsafeRawPointer) -> Int? {
    var index = start
    while index < armed.bits.count {
      if !armed.bits[index].isUnchanged(in: model) { return index }
      index += 1
    }
    return nil
  }
}
