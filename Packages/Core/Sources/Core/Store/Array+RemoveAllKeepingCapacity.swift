extension Array {
  /// Removes every element and keeps the storage, like `removeAll(keepingCapacity: true)`, whose
  /// generic `replaceSubrange` costs more than the rest of the work even for one element; the
  /// loop's buffers usually hold one.
  @inline(__always)
  mutating func removeAllKeepingCapacity() {
    if count == 1 {
      removeLast()
    } else {
      removeAll(keepingCapacity: true)
    }
  }
}
