/// A growable buffer of bytes that the trace writer fills with JSON lines and hands to `write`.
///
/// Not an `Array`: appending a few bytes to an array checks uniqueness and capacity and calls
/// `memmove` each time, which was a tenth of the writer's time (measured with `perf`); here an
/// append is a bounds check and a store. Noncopyable, so it has one owner and frees its memory once.
struct ByteBuffer: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  /// Creates an empty buffer with room for `capacity` bytes before it grows.
  ///
  /// - Parameter capacity: The initial room, at least 1.
  init(capacity: Int) {
    self.capacity = max(1, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  var isEmpty: Bool { count == 0 }

  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: count + 1) }
    base[count] = byte
    count += 1
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  /// Empties the buffer, keeping its memory for reuse unless it grew past `limit` bytes (after a
  /// large payload), so the memory a trace holds stays bounded by what its ordinary lines need.
  mutating func removeAll(keepingCapacityUpTo limit: Int) {
    count = 0
    guard capacity > limit else { return }
    base.deallocate()
    capacity = max(1, limit)
    base = .allocate(capacity: capacity)
  }

  /// Calls `body` with the bytes appended so far.
  func withUnsafeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try body(UnsafeBufferPointer(start: base, count: count))
  }

  private mutating func grow(toHold needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.initialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
