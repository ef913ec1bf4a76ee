/// The large payloads a trace has written, by content digest, so that a repeated one is written once.
///
/// Keeps 128 bits of digest and a message identifier per payload, never the payload, so its memory
/// stays small whatever the payloads weigh; at most `capacity` digests, the oldest forgotten first.
/// The digest is two SipHash values (the standard library's `Hasher`, seeded once per process) of the
/// payload's bytes, one of them salted: two different payloads share it with a probability of about
/// 2⁻¹²⁸, and a payload is only compared with payloads of the same length.
struct PayloadDigests {
  private struct Digest: Hashable {
    let length: Int
    let first: Int
    let second: Int
  }

  private var firstMessage: [Digest: UInt64] = [:]
  private var order: [Digest] = []
  private let capacity: Int

  init(capacity: Int = 256) {
    self.capacity = max(1, capacity)
  }

  /// The message that first had `payload`, or `nil` after noting that `message` has it.
  ///
  /// - Parameters:
  ///   - payload: The payload about to be written.
  ///   - message: The message it belongs to.
  /// - Returns: The earlier message with the same payload, if one was noted.
  mutating func first(_ payload: String, of message: UInt64) -> UInt64? {
    var payload = payload
    let digest = payload.withUTF8 { bytes in
      var first = Hasher()
      first.combine(bytes: UnsafeRawBufferPointer(bytes))
      var second = Hasher()
      second.combine(0x5452_4143_455f_3230 as UInt64)
      second.combine(bytes: UnsafeRawBufferPointer(bytes))
      return Digest(length: bytes.count, first: first.finalize(), second: second.finalize())
    }
    if let known = firstMessage[digest] { return known }
    if order.count == capacity { firstMessage[order.removeFirst()] = nil }
    firstMessage[digest] = message
    order.append(digest)
    return nil
  }
}
