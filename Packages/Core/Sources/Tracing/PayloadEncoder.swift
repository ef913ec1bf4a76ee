import Foundation

/// Encodes a message's payload as JSON by writing bytes as the value encodes itself.
///
/// Foundation's `JSONEncoder` builds a tree of its own values (a dictionary for every object) before
/// writing any byte; for the message that loads a list of 265,000 items, that took more than a
/// second of the trace writer's time and most of a traced session's overhead (measured with
/// `perf`). This encoder streams instead. It writes what `JSONDecoder`'s default strategies read back
/// to the same value, as `JSONEncoder` with its default strategies does: dates through their own
/// `Codable` (seconds as a number), `Data` as base64, `URL` as its absolute string, `Decimal` as a
/// number, and it throws on a non-finite number. Keys are in the order the value encodes them, not
/// sorted.
///
/// Streaming needs each container to be finished before its parent writes again, which is how
/// synthesized and nearly all hand-written `encode(to:)` work. A value that writes to a container
/// after a sibling started, asks for a second container, asks for a super-encoder or reads its
/// coding path, makes ``encode(_:)`` return `nil`, and the caller uses `JSONEncoder`.
final class PayloadEncoder {
  /// An open object or array.
  fileprivate struct Frame {
    let isObject: Bool
    let serial: Int
    var isEmpty = true
  }

  /// What an encoding writes and tracks, in one value.
  fileprivate struct Output: ~Copyable {
    var bytes = ByteBuffer(capacity: 1_024)
    /// The objects and arrays open, innermost last.
    var frames: [Frame] = []
    /// The last container's number, so a writer can tell that its container is still the one open.
    var serial = 0
    /// Set when the value did something this encoder cannot stream.
    var unsupported = false
  }

  // Safety of `@exclusivity(unchecked)`: an encoder is used by one thread (the trace writer's) at a
  // time, and no access to `output` spans a call of the value's `encode(to:)`, which calls back
  // into the encoder between accesses. What it buys is in docs/performance.md ("b6-payload").
  @exclusivity(unchecked) fileprivate var output = Output()

  /// Not a real failure: the encoder stops early because the value cannot be streamed.
  fileprivate struct Unsupported: Error {}

  /// The JSON of `value`, or `nil` if this encoder cannot stream it (use `JSONEncoder` then).
  ///
  /// - Parameter value: The payload.
  /// - Returns: The JSON text, or `nil`.
  /// - Throws: `EncodingError.invalidValue` for a non-finite number, as `JSONEncoder` does.
  func encode(_ value: some Encodable) throws -> String? {
    output.bytes.removeAll(keepingCapacityUpTo: 1 << 20)
    output.frames.removeAll(keepingCapacity: true)
    output.unsupported = false
    do {
      try encodeValue(value, level: 0)
      close(to: 0)
    } catch is Unsupported {
      return nil
    }
    guard !output.unsupported else { return nil }
    let text = output.bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    output.bytes.removeAll(keepingCapacityUpTo: 1 << 20)
    return text
  }

  // MARK: - Writing

  /// Closes the containers opened below `level`: a container's turn to write comes only after its
  /// children are done.
  fileprivate func close(to level: Int) {
    while output.frames.count > level {
      output.bytes.append(output.frames.removeLast().isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }
  }

  /// Readies the container at `level` (with `serial`) for its next element: closes its children and
  /// writes the separator. Fails if that container was already closed.
  fileprivate func prepare(level: Int, serial: Int) throws {
    guard output.frames.count >= level, level > 0, output.frames[level - 1].serial == serial else {
      output.unsupported = true
      throw Unsupported()
    }
    close(to: level)
    if output.frames[level - 1].isEmpty {
      output.frames[level - 1].isEmpty = false
    } else {
      output.bytes.append(UInt8(ascii: ","))
    }
  }

  /// Marks the encoding unsupported if the value at `level` already opened a container: a second
  /// one adds to the same object for `JSONEncoder`, and would follow the first here.
  fileprivate func checkFirstContainer(at level: Int) {
    if output.frames.count != level { output.unsupported = true }
  }

  fileprivate func open(object: Bool) -> (level: Int, serial: Int) {
    output.serial += 1
    output.bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
    output.frames.append(Frame(isObject: object, serial: output.serial))
    return (output.frames.count, output.serial)
  }

  fileprivate func key(_ key: some CodingKey) {
    output.bytes.quoted(key.stringValue)
    output.bytes.append(UInt8(ascii: ":"))
  }

  fileprivate func text(_ value: String) { output.bytes.raw(value) }

  fileprivate func string(_ value: String) { output.bytes.quoted(value) }

  fileprivate func number(_ value: some BinaryFloatingPoint & LosslessStringConvertible) throws {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: [], debugDescription: "\(value) is not a valid JSON number.")
      )
    }
    output.bytes.raw(value.description)
  }

  /// Writes `value` in the slot prepared for it (after its key or separator).
  fileprivate func encodeValue<Value: Encodable>(_ value: Value, level: Int) throws {
    // Comparing metatypes costs less than a cast per value (three casts for each date of a list).
    if Value.self == Data.self, let data = value as? Data { return string(data.base64EncodedString()) }
    if Value.self == URL.self, let url = value as? URL { return string(url.absoluteString) }
    if Value.self == Decimal.self, let decimal = value as? Decimal { return text(decimal.description) }
    let position = output.bytes.count
    try value.encode(to: ValueWriter(encoder: self, level: level))
    // A value that encoded nothing is an empty object, as `JSONEncoder` writes it.
    if output.bytes.count == position { output.bytes.raw("{}") }
    close(to: level)
  }
}

// MARK: - The value's encoder

private struct ValueWriter: Encoder {
  let encoder: PayloadEncoder
  let level: Int

  var codingPath: [any CodingKey] {
    encoder.output.unsupported = true
    return []
  }

  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    encoder.checkFirstContainer(at: level)
    let (level, serial) = encoder.open(object: true)
    return KeyedEncodingContainer(KeyedWriter<Key>(encoder: encoder, level: level, serial: serial))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    encoder.checkFirstContainer(at: level)
    let (level, serial) = encoder.open(object: false)
    return UnkeyedWriter(encoder: encoder, level: level, serial: serial)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleWriter(encoder: encoder, level: level)
  }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: PayloadEncoder
  let level: Int
  let serial: Int

  var codingPath: [any CodingKey] {
    encoder.output.unsupported = true
    return []
  }

  private func slot(_ key: Key) throws {
    try encoder.prepare(level: level, serial: serial)
    encoder.key(key)
  }

  mutating func encodeNil(forKey key: Key) throws {
    try slot(key)
    encoder.text("null")
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try slot(key)
    encoder.text(value ? "true" : "false")
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    try slot(key)
    encoder.string(value)
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    try slot(key)
    try encoder.number(value)
  }

  mutating func encode(_ value: Float, forKey key: Key) throws {
    try slot(key)
    try encoder.number(value)
  }

  mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

  private func integer(_ value: some BinaryInteger, _ key: Key) throws {
    try slot(key)
    encoder.text(value.description)
  }

  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    try slot(key)
    try encoder.encodeValue(value, level: level)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    do { try slot(key) } catch { return KeyedEncodingContainer(KeyedWriter<NestedKey>.dead(encoder)) }
    let (level, serial) = encoder.open(object: true)
    return KeyedEncodingContainer(KeyedWriter<NestedKey>(encoder: encoder, level: level, serial: serial))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    do { try slot(key) } catch { return UnkeyedWriter.dead(encoder) }
    let (level, serial) = encoder.open(object: false)
    return UnkeyedWriter(encoder: encoder, level: level, serial: serial)
  }

  mutating func superEncoder() -> any Encoder {
    encoder.output.unsupported = true
    return ValueWriter(encoder: encoder, level: Int.max)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    encoder.output.unsupported = true
    return ValueWriter(encoder: encoder, level: Int.max)
  }

  /// A container that fails every write: handed out once the encoder knows it cannot stream.
  static func dead(_ encoder: PayloadEncoder) -> Self {
    encoder.output.unsupported = true
    return Self(encoder: encoder, level: 0, serial: -1)
  }
}

private struct UnkeyedWriter: UnkeyedEncodingContainer {
  let encoder: PayloadEncoder
  let level: Int
  let serial: Int
  private(set) var count = 0

  init(encoder: PayloadEncoder, level: Int, serial: Int) {
    self.encoder = encoder
    self.level = level
    self.serial = serial
  }

  var codingPath: [any CodingKey] {
    encoder.output.unsupported = true
    return []
  }

  private mutating func slot() throws {
    try encoder.prepare(level: level, serial: serial)
    count += 1
  }

  mutating func encodeNil() throws {
    try slot()
    encoder.text("null")
  }

  mutating func encode(_ value: Bool) throws {
    try slot()
    encoder.text(value ? "true" : "false")
  }

  mutating func encode(_ value: String) throws {
    try slot()
    encoder.string(value)
  }

  mutating func encode(_ value: Double) throws {
    try slot()
    try encoder.number(value)
  }

  mutating func encode(_ value: Float) throws {
    try slot()
    try encoder.number(value)
  }

  mutating func encode(_ value: Int) throws { try integer(value) }
  mutating func encode(_ value: Int8) throws { try integer(value) }
  mutating func encode(_ value: Int16) throws { try integer(value) }
  mutating func encode(_ value: Int32) throws { try integer(value) }
  mutating func encode(_ value: Int64) throws { try integer(value) }
  mutating func encode(_ value: UInt) throws { try integer(value) }
  mutating func encode(_ value: UInt8) throws { try integer(value) }
  mutating func encode(_ value: UInt16) throws { try integer(value) }
  mutating func encode(_ value: UInt32) throws { try integer(value) }
  mutating func encode(_ value: UInt64) throws { try integer(value) }

  private mutating func integer(_ value: some BinaryInteger) throws {
    try slot()
    encoder.text(value.description)
  }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try slot()
    try encoder.encodeValue(value, level: level)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    do { try slot() } catch { return KeyedEncodingContainer(KeyedWriter<NestedKey>.dead(encoder)) }
    let (level, serial) = encoder.open(object: true)
    return KeyedEncodingContainer(KeyedWriter<NestedKey>(encoder: encoder, level: level, serial: serial))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    do { try slot() } catch { return Self.dead(encoder) }
    let (level, serial) = encoder.open(object: false)
    return UnkeyedWriter(encoder: encoder, level: level, serial: serial)
  }

  mutating func superEncoder() -> any Encoder {
    encoder.output.unsupported = true
    return ValueWriter(encoder: encoder, level: Int.max)
  }

  /// A container that fails every write: handed out once the encoder knows it cannot stream.
  static func dead(_ encoder: PayloadEncoder) -> Self {
    encoder.output.unsupported = true
    return Self(encoder: encoder, level: 0, serial: -1)
  }
}

private struct SingleWriter: SingleValueEncodingContainer {
  let encoder: PayloadEncoder
  let level: Int

  var codingPath: [any CodingKey] {
    encoder.output.unsupported = true
    return []
  }

  mutating func encodeNil() throws { encoder.text("null") }
  mutating func encode(_ value: Bool) throws { encoder.text(value ? "true" : "false") }
  mutating func encode(_ value: String) throws { encoder.string(value) }
  mutating func encode(_ value: Double) throws { try encoder.number(value) }
  mutating func encode(_ value: Float) throws { try encoder.number(value) }
  mutating func encode(_ value: Int) throws { encoder.text(value.description) }
  mutating func encode(_ value: Int8) throws { encoder.text(value.description) }
  mutating func encode(_ value: Int16) throws { encoder.text(value.description) }
  mutating func encode(_ value: Int32) throws { encoder.text(value.description) }
  mutating func encode(_ value: Int64) throws { encoder.text(value.description) }
  mutating func encode(_ value: UInt) throws { encoder.text(value.description) }
  mutating func encode(_ value: UInt8) throws { encoder.text(value.description) }
  mutating func encode(_ value: UInt16) throws { encoder.text(value.description) }
  mutating func encode(_ value: UInt32) throws { encoder.text(value.description) }
  mutating func encode(_ value: UInt64) throws { encoder.text(value.description) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try encoder.encodeValue(value, level: level)
  }
}
