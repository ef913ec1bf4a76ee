extension TraceEntry {
  /// The entry as one line of JSON, fields in a fixed order, absent fields omitted, no newline.
  ///
  /// Hand-written rather than `JSONEncoder` because the recorder writes one line per message and
  /// Foundation's encoder costs several microseconds per value; ``TraceReader`` decodes it with
  /// `JSONDecoder` (tested).
  public var jsonLine: String {
    var line = "{\"kind\":\""
    line.reserveCapacity(256)
    line += kind.rawValue
    line += "\",\"time\":"
    line.appendSeconds(time)
    line.field("wallTime", wallTime)
    line.field("id", id)
    if let cause {
      line += ",\"cause\":"
      cause.append(to: &line)
    }
    line.field("type", type)
    line.field("value", value)
    line.field("payload", payload)
    if let handled { line += handled ? ",\"handled\":true" : ",\"handled\":false" }
    if let commands {
      line += ",\"commands\":["
      for (index, command) in commands.enumerated() {
        if index > 0 { line += "," }
        command.append(to: &line)
      }
      line += "]"
    }
    if let changes {
      line += ",\"changes\":["
      for (index, change) in changes.enumerated() {
        if index > 0 { line += "," }
        change.append(to: &line)
      }
      line += "]"
    }
    line.field("message", message)
    if let duration {
      line += ",\"duration\":"
      line += String(duration)
    }
    line.field("error", error)
    line += "}"
    return line
  }
}

extension TraceCause {
  fileprivate func append(to line: inout String) {
    line += "{\"kind\":"
    line.appendQuoted(kind)
    line.field("command", command)
    line.field("message", message)
    line.field("subscription", subscription)
    line += "}"
  }
}

extension TraceCommand {
  fileprivate func append(to line: inout String) {
    line += "{\"id\":"
    line += String(id)
    line.field("type", type)
    line.field("value", value)
    line += "}"
  }
}

extension TraceChange {
  fileprivate func append(to line: inout String) {
    line += "{\"path\":"
    line.appendQuoted(path)
    line.field("before", before)
    line.field("after", after)
    line += "}"
  }
}

extension String {
  fileprivate mutating func field(_ name: String, _ value: String?) {
    guard let value else { return }
    self += ",\""
    self += name
    self += "\":"
    appendQuoted(value)
  }

  fileprivate mutating func field(_ name: String, _ value: UInt64?) {
    guard let value else { return }
    self += ",\""
    self += name
    self += "\":"
    self += String(value)
  }

  /// Appends seconds with microsecond precision, without `Double`'s slow shortest-form printing.
  fileprivate mutating func appendSeconds(_ seconds: Double) {
    let micros = Int64((seconds * 1_000_000).rounded())
    let whole = micros / 1_000_000
    let fraction = abs(micros % 1_000_000)
    if micros < 0 && whole == 0 { self += "-" }
    self += String(whole)
    self += "."
    let digits = String(fraction)
    self += String(repeating: "0", count: 6 - digits.count)
    self += digits
  }

  fileprivate mutating func appendQuoted(_ value: String) {
    // Most renderings need no escaping: one pass over the bytes decides.
    if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      self += "\""
      self += value
      self += "\""
    } else {
      self += value.jsonQuoted
    }
  }

  /// The string as a JSON string literal (RFC 8259 escaping).
  var jsonQuoted: String {
    // Most renderings need no escaping: one pass over the bytes decides.
    if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      return "\"" + self + "\""
    }
    var result = "\""
    result.reserveCapacity(utf8.count + 2)
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case let control where control.value < 0x20:
        let hex = String(control.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
