/// One slice's watcher, seen without its types.
class SliceWatcher {
  /// Tells the registrar that the slice changed (`willSet`, then `didSet`).
  let notify: () -> Void
  /// Whether it holds the value last read, to compare the slice with after each message.
  final var isArmed = false
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
