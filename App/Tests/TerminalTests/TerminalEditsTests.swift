import Terminal
import Testing

@Suite("TerminalEdits")
struct TerminalEditsTests {
  @Test("lines are inserted above the cursor's line after making room below it, and the cursor comes back")
  func inserting() {
    #expect(
      TerminalEdits.inserting(["one", "two"])
        == "\u{1B}D\u{1B}D\u{1B}[2A" + "\u{1B}7\r\u{1B}[2L\u{1B}[?7l" + "one\r\ntwo"
        + "\u{1B}[?7h\u{1B}8\u{1B}[2B")
    #expect(TerminalEdits.inserting([]) == "")
  }

  @Test("a line cut to one row keeps what fits before a …, wide characters counted as two")
  func cutToOneRow() {
    #expect(TerminalEdits.cut("short", columns: 10) == "short")
    #expect(TerminalEdits.cut("exactly10!", columns: 10) == "exactly10!")
    #expect(TerminalEdits.cut("one more than ten", columns: 10) == "one more …")
    #expect(TerminalEdits.cut("茶茶茶茶茶茶", columns: 10) == "茶茶茶茶…")
    #expect(TerminalEdits.width(of: TerminalEdits.cut("茶茶茶茶茶茶", columns: 10)) <= 10)
  }

  @Test("a line wider than the terminal is cut into rows that fit, wide characters counted as two")
  func rows() {
    #expect(TerminalEdits.rows(of: "abcdefg", columns: 3) == ["abc", "def", "g"])
    #expect(TerminalEdits.rows(of: "", columns: 3) == [""])
    #expect(TerminalEdits.width(of: "🔔 a") == 4)
    #expect(TerminalEdits.width(of: "日本") == 4)
    #expect(TerminalEdits.rows(of: "🔔🔔🔔", columns: 5) == ["🔔🔔", "🔔"])
  }
}
