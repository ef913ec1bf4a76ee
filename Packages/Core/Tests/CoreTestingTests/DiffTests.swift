import CoreTesting
import Testing

@Suite("Dump and Diff")
struct DiffTests {
  private struct Item: Equatable {
    var title: String
    var tags: [String]
  }

  private enum State: Equatable {
    case idle
    case loaded(count: Int, Item)
  }

  @Test("dumps structs, enums, arrays and optionals one field per line")
  func dump() {
    let text = Dump.text(of: State.loaded(count: 2, Item(title: "a", tags: ["x"])))
    #expect(
      text == """
        State.loaded(
          count: 2,
          Item(
            title: "a",
            tags: [
              [0]: "x"
            ]
          )
        )
        """)
    #expect(Dump.text(of: State.idle) == "State.idle")
    #expect(Dump.text(of: [String: Int]()) == "[]")
    #expect(Dump.text(of: Optional<Int>.none as Any) == "nil")
  }

  @Test("diffs mark only the changed lines, with context")
  func diff() throws {
    let diff = try #require(
      Diff.lines(expected: Item(title: "a", tags: ["x", "y"]), actual: Item(title: "b", tags: ["x", "y"])))
    #expect(diff.contains("− " + "  title: \"a\","))
    #expect(diff.contains("+ " + "  title: \"b\","))
    #expect(!diff.contains("− " + "  tags: ["))
    #expect(Diff.lines(expected: Item(title: "a", tags: []), actual: Item(title: "a", tags: [])) == nil)
  }

  @Test("dictionaries and sets render in a stable order")
  func stableOrder() {
    #expect(Dump.lines(of: ["b": 2, "a": 1]) == Dump.lines(of: ["a": 1, "b": 2]))
    #expect(Dump.lines(of: Set([3, 1, 2])) == Dump.lines(of: Set([2, 3, 1])))
  }
}
