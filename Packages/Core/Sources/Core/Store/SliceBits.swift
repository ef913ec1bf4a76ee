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
  /// several times the cost (docs/performance.md measures it).
  ///
  /// - Parameter model: The model the watcher was made for.
  /// - Returns: `false` when the bits differ or the slice has no fixed offset.
  @inline(__always)
  func isUnchanged(in model: UnsafeRawPointer) -> Bool {
    guard offset >= 0 else { return false }
    let slice = model + offset
    // One load for the sizes most slices have (a flag, a number, a reference), before the loop.
    switch size {
    case 1:
      return slice.load(fromByteOffset: 0, as: UInt8.self) == snapshot.load(fromByteOffset: 0, as: UInt8.self)
    case 8:
      return slice.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        == snapshot.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
    default: break
    }
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
