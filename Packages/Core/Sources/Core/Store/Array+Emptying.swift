extension Array {
  /// Removes every element and keeps the storage, like `removeAll(keepingCapacity: true)`, whose
  /// generic `replaceSubrange` costs about 75 instructions even for one element; the loop's buffers
  /// usually hold one (B7, callgrind).
  @inline(__always)
  mutating func removeAllKeepingCapacity() {
    if count == 1 {
      removeLast()
    } else {
      removeAll(keepingCapacity: true)
    }
  }
}
