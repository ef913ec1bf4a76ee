import Terminal
import Testing

@Suite("KeyDecoder")
struct KeyDecoderTests {
  private func keys(_ text: String) -> [Key] { KeyDecoder.keys(in: Array(text.utf8)) }

  @Test("arrows, Home, End and Delete as xterm, tmux and the Linux console send them")
  func escapeSequences() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF") == [.home, .end, .home, .end])
    #expect(keys("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}[3~") == [.home, .end, .home, .end, .delete])
    #expect(keys("\u{1B}[1;5D") == [.left], "Ctrl-Left acts as Left")
  }

  @Test("control keys: Ctrl-A/B/D/E/F/K/N/P/U/W/Y, backspace both ways, return both ways")
  func controlKeys() {
    let bytes: [UInt8] = [
      0x01, 0x02, 0x04, 0x05, 0x06, 0x0B, 0x0E, 0x10, 0x15, 0x17, 0x19, 0x7F, 0x08, 0x0D, 0x0A,
    ]
    #expect(
      KeyDecoder.keys(in: bytes) == [
        .home, .left, .endOfInput, .end, .right, .killToEnd, .down, .up, .killToStart, .killWordBefore, .yank,
        .backspace, .backspace, .enter, .enter,
      ])
  }

  // Ctrl-L did nothing (issue 59).
  @Test("Ctrl-L clears the screen; pasted, it is ignored")
  func clearScreen() {
    #expect(KeyDecoder.keys(in: [0x0C]) == [.clearScreen])
    #expect(keys("\u{1B}[200~\u{0C}\u{1B}[201~") == [.ignored, .ignored, .ignored])
  }

  // A Tab in pasted text completed the line instead: `add tab<TAB>here` stored "tabhere" (issue 59).
  @Test("pasted text: a Tab is a space, a line break ends the line, other controls and sequences are ignored")
  func pastedText() {
    let pasted = keys("\u{1B}[200~add tab\there\u{15}\u{1B}[A\r\u{1B}[201~\t\u{15}")
    #expect(
      pasted
        == [.ignored] + "add tab here".map(Key.character) + [
          .ignored, .ignored, .enter, .ignored, .tab, .killToStart,
        ])
    #expect(keys("\u{1B}[200~é\u{1B}[201~") == [.ignored, .character("é"), .ignored])
  }

  @Test("function keys, a lone Escape and other controls are ignored: none becomes text; Tab is Tab")
  func ignoredKeys() {
    #expect(keys("\u{1B}[15~") == [.ignored])
    #expect(keys("\u{1B}") == [])
    #expect(keys("\t\u{0}\u{7}") == [.tab, .ignored, .ignored])
    #expect(keys("\u{1B}x") == [.ignored], "Alt-x")
    #expect(
      keys("\u{1B}]0;PWNED\u{7}") == [
        .ignored, .character("0"), .character(";"), .character("P"),
        .character("W"), .character("N"), .character("E"), .character("D"), .ignored,
      ])
  }

  @Test("UTF-8 characters are decoded whole, even split across reads; bidi overrides are ignored")
  func unicode() {
    #expect(keys("né日🔔") == [.character("n"), .character("é"), .character("日"), .character("🔔")])
    var decoder = KeyDecoder()
    let bytes = Array("日".utf8)
    #expect(decoder.feed(bytes[0]) == nil)
    #expect(decoder.feed(bytes[1]) == nil)
    #expect(decoder.feed(bytes[2]) == .character("日"))
    #expect(keys("\u{202E}") == [.ignored])
    #expect(KeyDecoder.keys(in: [0xFF, 0x61]) == [.ignored, .character("a")])
  }
}
