import Synchronization
import Terminal
import Testing

@Suite("PromptLine")
struct PromptLineTests {
  private final class Screen: Sendable {
    private let written = Mutex("")
    var text: String { written.withLock { $0 } }
    func write(_ text: String) { written.withLock { $0 += text } }
    func clear() { written.withLock { $0 = "" } }
  }

  private func line(columns: Int = 20) -> (PromptLine, Screen) {
    let screen = Screen()
    return (PromptLine(prompt: "ada> ", columns: { columns }, write: { screen.write($0) }), screen)
  }

  @Test("each edit redraws the whole line and puts the cursor after the prompt and the text before it")
  func redraw() {
    let (line, screen) = line()
    line.begin()
    #expect(screen.text == "ada> ")
    line.update(text: Array("list"), cursor: 2)
    #expect(screen.text == "ada> \rada> list\u{1B}[K\r\u{1B}[7C")
  }

  @Test("text wider than the room after the prompt scrolls sideways so the cursor shows")
  func scrolling() {
    let (line, screen) = line(columns: 12)
    line.begin()
    // 12 columns - 5 for the prompt - 1 kept free: 6 for the text.
    screen.clear()
    line.update(text: Array("abcdefghij"), cursor: 10)
    #expect(screen.text == "\rada> efghij\u{1B}[K\r\u{1B}[11C")
    screen.clear()
    line.update(text: Array("abcdefghij"), cursor: 1)
    #expect(screen.text == "\rada> bcdefg\u{1B}[K\r\u{1B}[5C")
  }

  @Test("a secret line draws nothing of its text, and the line ends on a line feed")
  func secret() {
    let (line, screen) = line()
    line.begin(PromptLine.Request(label: "Password: ", isSecret: true), wakesReader: false)
    line.update(text: Array("hunter2"), cursor: 7)
    line.end()
    #expect(!screen.text.contains("hunter2"))
    #expect(!screen.text.contains("*"))
    #expect(screen.text.hasSuffix("\n"))
    #expect(!line.isShown)
  }

  @Test("printed rows go above a shown line, as text when none is shown; a question keeps its label")
  func printing() {
    let (line, screen) = line()
    line.print(rows: { ["x"] }, otherwise: "x\n")
    #expect(screen.text == "x\n")
    line.begin(PromptLine.Request(label: "Delete? [y/N] "))
    screen.clear()
    line.print(rows: { ["x"] }, otherwise: "x\n")
    #expect(screen.text == TerminalEdits.inserting(["x"]))
    screen.clear()
    line.setPrompt("ada [1 unread]> ")
    #expect(screen.text == "", "a question is not replaced by the prompt")
  }

  @Test("a reader waiting for a line gets the request shown")
  func waiting() async {
    let (line, _) = line()
    let request = PromptLine.Request(label: "Delete? [y/N] ")
    line.begin(request)
    #expect(line.waitForLine() == request)
  }

  @Test("Tab's choices are listed above the shown line in columns that fit the terminal; the line stays")
  func choices() {
    let (line, screen) = line(columns: 20)
    line.begin()
    line.update(text: Array("l"), cursor: 1)
    screen.clear()
    line.printChoices(["list", "login", "logout"])
    // The widest choice and two spaces: 8 columns, two to a 20-column row.
    #expect(screen.text == TerminalEdits.inserting(["list    login", "logout"]))
    line.end()
    screen.clear()
    line.printChoices(["list"])
    #expect(screen.text == "", "no line shown: nothing listed")
  }
}
