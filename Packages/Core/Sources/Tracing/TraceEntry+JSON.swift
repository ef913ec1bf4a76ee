import Core

extension TraceEntry {
  /// The entry as one line of JSON, fields in a fixed order, absent fields omitted, no newline.
  ///
  /// Hand-written rather than `JSONEncoder` because the recorder writes one line per message and
  /// Foundation's encoder costs several microseconds per value; built on bytes rather than `String`
  /// appends (0.5 µs a line instead of 1.9 µs on this project's machine). ``TraceReader`` decodes it
  /// with `JSONDecoder` (tested).
  public var jsonLine: String {
    var bytes = ByteBuffer(capacity: 256)
    appendJSON(to: &bytes)
    return bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
  }

  /// Appends ``jsonLine``'s bytes, without newline, to `bytes`.
  func appendJSON(to bytes: inout ByteBuffer) {
    bytes.raw("{\"kind\":\"")
    bytes.raw(kind.rawValue)
    bytes.raw("\",\"time\":")
    bytes.seconds(time)
    bytes.field("format", format.map { UInt64($0) })
    bytes.field("wallTime", wallTime)
    bytes.field("id", id)
    cause?.appendJSON(to: &bytes)
    bytes.field("like", like)
    bytes.field("type", type)
    bytes.field("value", value)
    bytes.field("payload", payload)
    bytes.field("payloadLike", payloadLike)
    if let handled {
      if handled { bytes.raw(",\"handled\":true") } else { bytes.raw(",\"handled\":false") }
    }
    if let commands { Self.appendCommands(commands, to: &bytes) }
    if let changes { Self.appendChanges(changes, to: &bytes) }
    bytes.field("message", message)
    if let duration { bytes.duration(duration) }
    bytes.field("error", error)
    if cancelled == true { bytes.raw(",\"cancelled\":true") }
    bytes.raw("}")
  }

  static func appendCommands(_ commands: [TraceCommand], to bytes: inout ByteBuffer) {
    bytes.raw(",\"commands\":[")
    for (index, command) in commands.enumerated() {
      if index == 0 { bytes.raw("{\"id\":") } else { bytes.raw(",{\"id\":") }
      bytes.number(command.id)
      bytes.field("type", command.type)
      bytes.field("value", command.value)
      bytes.raw("}")
    }
    bytes.raw("]")
  }

  static func appendChanges(_ changes: [TraceChange], to bytes: inout ByteBuffer) {
    bytes.raw(",\"changes\":[")
    for (index, change) in changes.enumerated() {
      if index == 0 { bytes.raw("{\"path\":") } else { bytes.raw(",{\"path\":") }
      bytes.quoted(change.path)
      bytes.field("before", change.before)
      bytes.field("after", change.after)
      bytes.raw("}")
    }
    bytes.raw("]")
  }
}

extension TraceCause {
  /// Appends `,"cause":{…}`.
  func appendJSON(to bytes: inout ByteBuffer) {
    bytes.raw(",\"cause\":{\"kind\":")
    bytes.quoted(kind)
    bytes.field("command", command)
    bytes.field("message", message)
    bytes.field("subscription", subscription)
    bytes.field("tool", tool)
    bytes.raw("}")
  }
}

// MARK: - Writing JSON

extension ByteBuffer {
  /// Appends `,"cause":{…}` for `cause`, as ``TraceCause/appendJSON(to:)`` writes it, without
  /// making the intermediate strings.
  mutating func cause(_ cause: Cause) {
    switch cause {
    case .external:
      raw(",\"cause\":{\"kind\":\"external\"}")
    case .command(let command, let message):
      raw(",\"cause\":{\"kind\":\"command\",\"command\":")
      number(command.rawValue)
      raw(",\"message\":")
      number(message.rawValue)
      raw("}")
    case .subscription(let subscription):
      raw(",\"cause\":{\"kind\":\"subscription\",\"subscription\":")
      number(subscription.rawValue)
      raw("}")
    case .tool(let tool):
      raw(",\"cause\":{\"kind\":\"tool\",\"tool\":")
      quoted(tool.text)
      raw("}")
    }
  }

  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  mutating func raw(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  mutating func escaped(_ byte: UInt8) {
    append(UInt8(ascii: "\\"))
    append(byte)
  }

  mutating func number(_ value: UInt64) {
    guard value > 0 else {
      append(UInt8(ascii: "0"))
      return
    }
    // At most 20 digits, written backwards into a buffer on the stack.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
      var index = buffer.count
      var rest = value
      while rest > 0 {
        index -= 1
        buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      }
      append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[index...]))
    }
  }

  /// Seconds with microsecond precision, without `Double`'s slow shortest-form printing.
  mutating func seconds(_ seconds: Double) {
    let micros = Int64((seconds * 1_000_000).rounded())
    if micros < 0 { append(UInt8(ascii: "-")) }
    let magnitude = micros.magnitude
    number(magnitude / 1_000_000)
    append(UInt8(ascii: "."))
    let fraction = magnitude % 1_000_000
    var divisor: UInt64 = 100_000
    while divisor > 0 {
      append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
      divisor /= 10
    }
  }

  /// `,"duration":` and the nanoseconds.
  mutating func duration(_ nanoseconds: Int64) {
    raw(",\"duration\":")
    if nanoseconds < 0 { raw("-") }
    number(nanoseconds.magnitude)
  }

  mutating func field(_ name: StaticString, _ value: String?) {
    guard let value else { return }
    raw(",\"")
    raw(name)
    raw("\":")
    quoted(value)
  }

  mutating func field(_ name: StaticString, _ value: UInt64?) {
    guard let value else { return }
    raw(",\"")
    raw(name)
    raw("\":")
    number(value)
  }

  /// The string as a JSON string literal (RFC 8259 escaping).
  mutating func quoted(_ value: String) {
    append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      // The bytes between two that need escaping are appended as one run, not a byte at a time: a
      // rendering holds quotes, so most strings have a byte to escape (docs/performance.md, "B6
      // payload").
      var runStart = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        escape(byte)
        runStart = index + 1
      }
      append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    append(UInt8(ascii: "\""))
  }

  /// A byte that may not appear as itself in a JSON string, escaped.
  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped(byte)
    case UInt8(ascii: "\n"): escaped(UInt8(ascii: "n"))
    case UInt8(ascii: "\r"): escaped(UInt8(ascii: "r"))
    case UInt8(ascii: "\t"): escaped(UInt8(ascii: "t"))
    default:
      escaped(UInt8(ascii: "u"))
      append(UInt8(ascii: "0"))
      append(UInt8(ascii: "0"))
      append(hexDigit(byte >> 4))
      append(hexDigit(byte & 0xf))
    }
  }

  private func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
