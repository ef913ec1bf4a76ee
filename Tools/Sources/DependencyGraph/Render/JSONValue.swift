/// A JSON value whose objects keep their keys in the order given, printed the same way on every
/// platform (Foundation's encoder spaces and escapes differently on Linux and Darwin).
enum JSONValue: Sendable {
  case string(String)
  case bool(Bool)
  case array([JSONValue])
  case object([(String, JSONValue)])

  /// The value, pretty-printed with two spaces per level.
  func text(indent: Int = 0) -> String {
    let inner = String(repeating: "  ", count: indent + 1)
    let outer = String(repeating: "  ", count: indent)
    switch self {
    case .string(let string): return JSONValue.quoted(string)
    case .bool(let bool): return bool ? "true" : "false"
    case .array(let values):
      if values.isEmpty { return "[]" }
      let items = values.map { inner + $0.text(indent: indent + 1) }
      return "[\n" + items.joined(separator: ",\n") + "\n" + outer + "]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      let items = members.map { inner + JSONValue.quoted($0.0) + ": " + $0.1.text(indent: indent + 1) }
      return "{\n" + items.joined(separator: ",\n") + "\n" + outer + "}"
    }
  }

  private static func quoted(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
