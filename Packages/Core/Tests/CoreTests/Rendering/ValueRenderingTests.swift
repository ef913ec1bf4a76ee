import Core
import Foundation
import Testing

private struct Credentials {
  var user: String
  var password: Secret<String>
}

private struct Item: Equatable {
  var title: String
  var tags: [String]
}

private enum Request {
  case signIn(Credentials)
  case rename(id: Int, to: String)
  case open(Item)
  case ping
}

private struct Owner {
  var name: String?
  var items: [Item]
}

/// A self-describing type whose description would leak the secret field.
private struct Leaky: CustomStringConvertible {
  var token: Secret<String>
  var description: String { "Leaky(\(token.revealed))" }
}

/// A self-describing type, as dates, URLs and identifiers are.
private struct Ticket: CustomStringConvertible {
  var number: Int
  var description: String { "#\(number)" }
}

@Suite("ValueRendering")
struct ValueRenderingTests {
  private func line(_ value: Any, limit: Int = 300) -> String { ValueRendering.line(of: value, limit: limit) }
  private func lines(_ value: Any) -> [String] {
    ValueRendering.lines(of: value, maxDepth: 24, replySamples: [])
  }

  // MARK: - One line

  @Test("an enum case prints its type, its name and its payload with the payload's labels")
  func enumsWithPayloads() {
    #expect(line(Request.ping) == "Request.ping")
    #expect(line(Request.rename(id: 3, to: "b")) == #"Request.rename(id: 3, to: "b")"#)
    #expect(line(Request.open(Item(title: "a", tags: []))) == #"Request.open(Item(title: "a", tags: []))"#)
  }

  @Test("an enum inside another value prints as .case, without its type")
  func nestedEnums() {
    #expect(line([Request.ping, Request.rename(id: 1, to: "x")]) == #"[.ping, .rename(id: 1, to: "x")]"#)
  }

  @Test("an optional prints its wrapped value or nil, never Optional(…)")
  func optionals() {
    #expect(line(Owner(name: "ada", items: [])) == #"Owner(name: "ada", items: [])"#)
    #expect(line(Owner(name: nil, items: [])) == "Owner(name: nil, items: [])")
    #expect(line(Int?.some(4) as Any) == "4")
  }

  @Test("an optional first seen holding a value renders when nil, and the other way round")
  func optionalsOfOneTypeInEitherOrder() {
    // Traits are cached per type; these types are rendered by no other test, so the order is this.
    #expect(line(Int16?.some(3) as Any) == "3")
    #expect(line(Int16?.none as Any) == "nil")
    #expect(line(UInt16?.none as Any) == "nil")
    #expect(line(UInt16?.some(5) as Any) == "5")
  }

  @Test("nested structs print every field with its label, with short type names")
  func nestedStructs() {
    let owner = Owner(name: "ada", items: [Item(title: "a", tags: ["x", "y"])])
    #expect(line(owner) == #"Owner(name: "ada", items: [Item(title: "a", tags: ["x", "y"])])"#)
  }

  @Test("collections print their elements; dictionaries their pairs; an empty dictionary as [:]")
  func collections() {
    #expect(line([1, 2, 3]) == "[1, 2, 3]")
    #expect(line(["k": 1]) == #"["k": 1]"#)
    #expect(line([String: Int]()) == "[:]")
    #expect(line(Set([7])) == "[7]")
    #expect(line((1, label: "x")) == #"(1, label: "x")"#)
  }

  @Test("strings and characters print quoted, with quotes and line breaks escaped, on one line")
  func strings() {
    #expect(line("say \"hi\"\nbye") == #""say \"hi\"\nbye""#)
    #expect(line(Character("a")) == #""a""#)
    #expect(!line(Request.rename(id: 1, to: "two\nlines")).contains("\n"))
  }

  @Test(
    "a string prints as Swift's own literal of it, whether or not a byte needs escaping",
    arguments: [
      "", "plain text", "say \"hi\"", #"back\slash"#, "tab\tand\nline", "\u{01}\u{7F}", "café", "👍🏽",
      "\"", "ends with \\", "\r\n",
    ])
  func stringsAsLiterals(text: String) {
    #expect(line(text) == text.debugDescription)
    #expect(lines(text) == [text.debugDescription])
  }

  @Test("a self-describing value prints its description; one that spans lines prints quoted")
  func selfDescribing() {
    #expect(line(Ticket(number: 7)) == "#7")
    #expect(line(Request.open(Item(title: "a", tags: []))).hasPrefix("Request.open("))
    #expect(line(MultiLine()) == #""first\nsecond""#)
  }

  @Test("secrets are redacted wherever they sit, even inside self-describing values")
  func redaction() {
    let rendering = line(Request.signIn(Credentials(user: "ada", password: Secret("hunter2!"))))
    #expect(rendering == #"Request.signIn(Credentials(user: "ada", password: Secret(••••)))"#)
    #expect(line(Leaky(token: Secret("tok-123"))) == "Leaky(token: Secret(••••))")
  }

  @Test("a rendering longer than the limit is cut to the limit in UTF-8 bytes and ends in …")
  func truncation() {
    let rendering = line(Array(repeating: "abcdef", count: 1_000), limit: 50)
    #expect(rendering.utf8.count <= 50)
    #expect(rendering.hasPrefix(#"["abcdef", "abcdef""#))
    #expect(rendering.hasSuffix("…"))
    #expect(line([1, 2], limit: 50) == "[1, 2]")
    let accented = line(String(repeating: "é", count: 100), limit: 20)
    #expect(accented.utf8.count <= 20)
    #expect(accented.hasSuffix("é…"))
  }

  @Test("type names carry their module and stay stable for private types")
  func typeNames() {
    #expect(ValueRendering.typeName(of: Request.ping) == "CoreTests.Request")
    #expect(ValueRendering.typeName(of: 1) == "Swift.Int")
  }

  // MARK: - Indented lines

  @Test("indented: one field per line, enums with their type, elements with their index")
  func indented() {
    #expect(
      lines(Request.open(Item(title: "a", tags: ["x"]))) == [
        "Request.open(",
        "  Item(",
        #"    title: "a","#,
        "    tags: [",
        #"      [0]: "x""#,
        "    ]",
        "  )",
        ")",
      ])
    #expect(lines([Request.ping]) == ["[", "  [0]: Request.ping", "]"])
    #expect(lines(Owner(name: nil, items: [])) == ["Owner(", "  name: nil,", "  items: []", ")"])
  }

  @Test("indented: a date or an identifier prints its description, not its mirror's fields")
  func indentedSelfDescribing() {
    let date = Date(timeIntervalSince1970: 0)
    #expect(lines(date) == [date.description])
    let id = UUID()
    #expect(lines([id]) == ["[", "  [0]: \(id.uuidString)", "]"])
  }

  @Test("indented: dictionaries and sets are sorted, so equal values render alike")
  func indentedOrder() {
    #expect(lines(["b": 2, "a": 1]) == ["[", #"  "a": 1,"#, #"  "b": 2"#, "]"])
    #expect(lines(Set([3, 1, 2])) == ["Set([", "  1,", "  2,", "  3", "])"])
    #expect(lines([String: Int]()) == ["[]"])
  }

  @Test("indented: nesting below the depth limit prints as …; secrets stay redacted")
  func indentedDepthAndSecrets() {
    #expect(
      ValueRendering.lines(of: [[1]], maxDepth: 1, replySamples: []) == ["[", "  [0]: …", "]"])
    #expect(
      lines(Credentials(user: "ada", password: Secret("hunter2!"))) == [
        "Credentials(", #"  user: "ada","#, "  password: Secret(••••)", ")",
      ])
  }

  @Test("indented: a reply renders as the message it builds for each sample it accepts")
  func replies() {
    let reply = Reply<Int> { result in Counted.value((try? result.get()) ?? -1) }
    let rendered = ValueRendering.lines(
      of: reply, maxDepth: 24,
      replySamples: [
        (label: "failure", result: .failure(RenderingFailure())), (label: "success(2)", result: .success(2)),
      ])
    #expect(
      rendered == [
        "Reply<Int>(", "  failure: Counted.value(", "    -1", "  ),", "  success(2): Counted.value(", "    2",
        "  )",
        ")",
      ])
    #expect(line(reply) == "Reply<Int>")
  }
}

private struct MultiLine: CustomStringConvertible {
  var description: String { "first\nsecond" }
}

private struct RenderingFailure: Error {}

private enum Counted: Message {
  case value(Int)
}
