import Foundation
import Testing

@testable import Tracing

/// The trace writes every string (a rendering, a type name, a payload's keys and values) as a JSON
/// string literal of its own making, not through `JSONEncoder`.
@Suite("A trace's JSON strings")
struct JSONStringTests {
  private func literal(_ text: String) -> String {
    var buffer = ByteBuffer(capacity: 1)
    buffer.quoted(text)
    return buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
  }

  @Test(
    "a string reads back as itself, whichever bytes need escaping and wherever they stand",
    arguments: [
      "", "plain", "\"", "\"\"", "\\", "say \"hi\" and go", "ends with \\", "\"starts", "tab\tand\nline\r",
      "\u{01}\u{1F}", "a\u{00}b", "café 👍🏽", #"TodoMessage.added(TodoItem(title: "Buy \"milk\""))"#,
    ])
  func roundTrip(text: String) throws {
    let line = "[" + literal(text) + "]"
    let decoded = try JSONDecoder().decode([String].self, from: Data(line.utf8))
    #expect(decoded == [text])
  }

  @Test("quotes, backslashes and control characters are escaped as RFC 8259 writes them")
  func escapes() {
    #expect(literal("a\"b\\c\nd\re\tf\u{01}g") == #""a\"b\\c\nd\re\tf\u0001g""#)
    #expect(literal("no escape: é") == "\"no escape: é\"")
  }
}
