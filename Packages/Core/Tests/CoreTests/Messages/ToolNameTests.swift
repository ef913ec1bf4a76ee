import Core
import Foundation
import Testing

@Suite("ToolName")
struct ToolNameTests {
  @Test("names with the same text are equal and hash alike; others differ")
  func interning() {
    let name = ToolName("inspector")
    #expect(name == "inspector")
    #expect(name.hashValue == ToolName(String("inspe") + "ctor").hashValue)
    #expect(name != ToolName("debugger"))
    #expect(name.text == "inspector")
    #expect(Cause.tool(name).description == "from inspector")
  }

  @Test("a tool cause encodes its name as text and decodes back to the same cause")
  func codable() throws {
    let cause = Cause.tool("a tool never named before")
    let data = try JSONEncoder().encode(cause)
    #expect(String(decoding: data, as: UTF8.self).contains(#""a tool never named before""#))
    #expect(try JSONDecoder().decode(Cause.self, from: data) == cause)
  }
}
