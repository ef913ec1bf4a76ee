import Terminal
import Testing

@Suite("LineEditor")
struct LineEditorTests {
  /// An editor after typing `text` and pressing `keys`.
  private func editor(typing text: String, then keys: [Key] = [], history: [String] = []) -> LineEditor {
    var editor = LineEditor(history: history)
    for character in text { _ = editor.apply(.character(character)) }
    for key in keys { _ = editor.apply(key) }
    return editor
  }

  @Test("Left, Right, Home and End move the cursor; typing inserts at it")
  func movingAndInserting() {
    var line = editor(typing: "add milk", then: [.left, .left, .left, .left])
    _ = line.apply(.character("s"))
    #expect(line.line == "add smilk")
    _ = line.apply(.home)
    #expect(line.cursor == 0)
    _ = line.apply(.left)
    #expect(line.cursor == 0)
    _ = line.apply(.end)
    _ = line.apply(.right)
    #expect(line.cursor == 9)
  }

  @Test("Backspace deletes before the cursor, Delete and Ctrl-D under it")
  func deleting() {
    let line = editor(typing: "abcd", then: [.left, .backspace, .home, .delete, .endOfInput])
    #expect(line.line == "d")
    #expect(line.cursor == 0)
  }

  @Test("Ctrl-K cuts to the end, Ctrl-U to the start, Ctrl-W the word before; Ctrl-Y pastes the last cut")
  func cutting() {
    #expect(editor(typing: "rename 3 old", then: [.left, .left, .left, .killToEnd]).line == "rename 3 ")
    #expect(editor(typing: "rename 3 old", then: [.left, .left, .left, .killToStart]).line == "old")
    #expect(editor(typing: "rename 3 old  ", then: [.killWordBefore]).line == "rename 3 ")
    #expect(editor(typing: "rename 3 old", then: [.killWordBefore, .killWordBefore]).line == "rename ")
    #expect(editor(typing: "a b", then: [.killWordBefore, .home, .yank]).line == "ba ")
  }

  @Test("Ctrl-C clears a line with text, as a shell does, and on an empty line interrupts")
  func interrupt() {
    var line = editor(typing: "half typed", then: [.left])
    #expect(line.apply(.interrupt) == .editing)
    #expect(line.line == "" && line.cursor == 0)
    #expect(line.apply(.interrupt) == .interrupted)
  }

  @Test("Return submits the line; Ctrl-D on an empty line ends the input")
  func outcomes() {
    var line = editor(typing: "list")
    #expect(line.apply(.enter) == .submitted("list"))
    var empty = LineEditor()
    #expect(empty.apply(.endOfInput) == .endOfInput)
  }

  @Test("Up and Down walk the history and give back the line being typed past the newest")
  func history() {
    var line = editor(typing: "ad", history: ["list", "add milk"])
    _ = line.apply(.up)
    #expect(line.line == "add milk")
    #expect(line.cursor == 8)
    _ = line.apply(.up)
    _ = line.apply(.up)
    #expect(line.line == "list")
    _ = line.apply(.down)
    _ = line.apply(.down)
    #expect(line.line == "ad")
    _ = line.apply(.down)
    #expect(line.line == "ad")
    #expect(editor(typing: "x", then: [.up]).line == "x", "no history: Up changes nothing")
  }

  @Test("ignored keys leave the line alone; a combining mark joins the character before it")
  func ignoredAndCombining() {
    #expect(editor(typing: "ab", then: [.ignored]).line == "ab")
    let line = editor(typing: "e\u{301}x")
    #expect(line.text.count == 2)
    #expect(line.line == "e\u{301}x")
  }

  /// A completer offering `words` for the word before the cursor, as the App's does for commands.
  private static func completing(_ words: [String]) -> (String) -> Completion {
    { before in
      let word = before.last?.isWhitespace ?? true ? "" : String(before.split(separator: " ").last ?? "")
      return Completion(length: word.count, candidates: words.filter { $0.hasPrefix(word) })
    }
  }

  @Test("Tab completes the one candidate with a space after it, a folder with nothing after its /")
  func tabCompletesTheOneCandidate() {
    var line = LineEditor(complete: Self.completing(["import", "list", "docs/"]))
    for character in "imp" { _ = line.apply(.character(character)) }
    #expect(line.apply(.tab) == .editing)
    #expect(line.line == "import ")
    #expect(line.cursor == 7)
    for character in "d" { _ = line.apply(.character(character)) }
    _ = line.apply(.tab)
    #expect(line.line == "import docs/")
  }

  @Test("Tab completes as far as the candidates agree; a second Tab that adds nothing lists them")
  func tabListsOnTheSecondPress() {
    var line = LineEditor(complete: Self.completing(["logout", "login", "list"]))
    _ = line.apply(.character("l"))
    #expect(line.apply(.tab) == .editing, "l: no common prefix beyond what is typed")
    #expect(line.apply(.tab) == .choices(["logout", "login", "list"]))
    #expect(line.line == "l", "listing leaves the line as typed")
    _ = line.apply(.character("o"))
    #expect(line.apply(.tab) == .editing)
    #expect(line.line == "log", "lo completes to what logout and login share")
    #expect(line.apply(.tab) == .editing, "a key in between: the next Tab completes again first")
    #expect(line.apply(.tab) == .choices(["logout", "login"]))
  }

  @Test("Tab in the middle of the line completes the word before the cursor and keeps what follows")
  func tabInTheMiddle() {
    var line = LineEditor(complete: Self.completing(["export"]))
    for character in "ex out.csv" { _ = line.apply(.character(character)) }
    for _ in 0..<8 { _ = line.apply(.left) }
    _ = line.apply(.tab)
    #expect(line.line == "export  out.csv")
    #expect(line.cursor == 7)
  }

  @Test("without a completer, or without a candidate, Tab changes nothing and inserts no tab")
  func tabWithoutCandidates() {
    var plain = LineEditor()
    for character in "ad" { _ = plain.apply(.character(character)) }
    #expect(plain.apply(.tab) == .editing)
    #expect(plain.apply(.tab) == .editing)
    #expect(plain.line == "ad")
    var none = LineEditor(complete: Self.completing(["list"]))
    _ = none.apply(.character("z"))
    #expect(none.apply(.tab) == .editing)
    #expect(none.apply(.tab) == .editing, "no candidates: nothing to list")
    #expect(none.line == "z")
  }
}
