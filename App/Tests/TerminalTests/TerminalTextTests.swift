import Terminal
import Testing

@Suite("TerminalText")
struct TerminalTextTests {
  @Test("C0 controls show as control pictures, DEL as ␡")
  func c0() {
    #expect(TerminalText.visible("\u{1B}]0;PWNED\u{07}") == "␛]0;PWNED␇")
    #expect(TerminalText.visible("a\u{0}b\tc\rd\u{7F}") == "a␀b␉c␍d␡")
  }

  @Test("C1 controls and bidirectional formatting characters show as their code")
  func c1AndBidi() {
    #expect(TerminalText.visible("\u{9B}31m") == "\\u{9B}31m")
    #expect(TerminalText.visible("\u{202E}abc\u{202C}") == "\\u{202E}abc\\u{202C}")
    #expect(
      TerminalText.visible("\u{2066}\u{2069}\u{200E}\u{200F}") == "\\u{2066}\\u{2069}\\u{200E}\\u{200F}")
  }

  @Test("the Arabic letter mark, a bidirectional mark like U+200F, shows as its code")
  func arabicLetterMark() {
    #expect(TerminalText.visible("a\u{061C}b") == "a\\u{61C}b")
  }

  @Test("a line feed shows as ␊ in a line, and stays one in a report of several lines")
  func lineFeeds() {
    #expect(TerminalText.visible("a\nb") == "a␊b")
    #expect(TerminalText.visible("a\n\u{1B}b", keepingLineFeeds: true) == "a\n␛b")
  }

  @Test("other text is unchanged: accents, emoji, right-to-left letters, zero-width joiners")
  func ordinaryText() {
    let text = "Café 🔔 שלום 👩‍💻 “quoted” \\u{1B}"
    #expect(TerminalText.visible(text) == text)
  }
}
