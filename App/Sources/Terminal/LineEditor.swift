/// The line being typed at the prompt, and what each key does to it: Emacs-style editing as in a
/// shell, Up/Down through the lines typed before, and Tab completion.
///
/// Pure: the keys come in, the text, the cursor and the outcome come out; ``LineReader`` reads the
/// keys and ``PromptLine`` draws the result.
package struct LineEditor {
  /// What a key did.
  package enum Outcome: Equatable {
    /// The line changed, or did not; keep reading.
    case editing
    /// Return was pressed: the line as typed.
    case submitted(String)
    /// Ctrl-D on an empty line: the user has nothing more to type.
    case endOfInput
    /// Ctrl-C on an empty line: the reader raises SIGINT, as the terminal would.
    case interrupted
    /// Ctrl-Z or Ctrl-\: the reader raises this signal, as the terminal would.
    case signal(Int32)
    /// A second Tab that could complete no further: the choices to list above the line, which
    /// stays as it is.
    case choices([String])

    /// Whether the line goes on after this outcome with a list of choices to show.
    package var isChoices: Bool {
      if case .choices = self { return true }
      return false
    }
  }

  /// The characters typed.
  package private(set) var text: [Character] = []
  /// The cursor's position in ``text``: 0 before the first character, `text.count` after the last.
  package private(set) var cursor = 0
  /// What the last cut removed, for Ctrl-Y.
  private var cut: [Character] = []
  /// Earlier lines, oldest first.
  private let history: [String]
  /// Which line of the history is shown, while browsing it.
  private var historyIndex: Int?
  /// The line being typed before Up was pressed, given back when Down goes past the newest line.
  private var draft: [Character] = []
  /// What Tab may complete, from the text before the cursor.
  private let complete: (String) -> Completion
  /// Whether the last key was a Tab that completed nothing: the next Tab lists the choices.
  private var isListingNext = false

  /// Creates an empty line.
  ///
  /// - Parameters:
  ///   - history: Earlier lines, oldest first, for Up and Down; empty for a line that must not
  ///     offer them (a password, an answer to a question).
  ///   - complete: What Tab may complete, given the text before the cursor; by default nothing (a
  ///     password, an answer to a question).
  package init(history: [String] = [], complete: @escaping (String) -> Completion = { _ in .none }) {
    self.history = history
    self.complete = complete
  }

  /// The line as typed so far.
  package var line: String { String(text) }

  /// Applies one key.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the line goes on, was submitted, or input ended.
  package mutating func apply(_ key: Key) -> Outcome {
    if key == .tab { return completeWord() }
    isListingNext = false
    switch key {
    case .character(let character): insert(character)
    case .enter: return .submitted(line)
    case .backspace:
      if cursor > 0 {
        text.remove(at: cursor - 1)
        cursor -= 1
      }
    case .delete: deleteUnderCursor()
    case .endOfInput:
      if text.isEmpty { return .endOfInput }
      deleteUnderCursor()
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(text.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = text.count
    case .killToEnd: cut(cursor..<text.count)
    case .killToStart: cut(0..<cursor)
    case .killWordBefore:
      var start = cursor
      while start > 0 && text[start - 1].isWhitespace { start -= 1 }
      while start > 0 && !text[start - 1].isWhitespace { start -= 1 }
      cut(start..<cursor)
    case .yank:
      text.insert(contentsOf: cut, at: cursor)
      cursor += cut.count
    case .interrupt:
      // As in a shell: the typed line goes (not into the cut, which Ctrl-U is for).
      guard !text.isEmpty else { return .interrupted }
      text = []
      cursor = 0
      historyIndex = nil
    case .signal(let signal): return .signal(signal)
    case .up: browse(by: -1)
    case .down: browse(by: 1)
    case .tab, .ignored, .clearScreen: break
    }
    return .editing
  }

  /// Tab: the one candidate, followed by a space unless it is a folder; or as much as every
  /// candidate shares; or, pressed again when that adds nothing, the list of choices.
  private mutating func completeWord() -> Outcome {
    let completion = complete(String(text[..<cursor]))
    let length = min(completion.length, cursor)
    guard !completion.candidates.isEmpty else { return .editing }
    let typed = String(text[(cursor - length)..<cursor])
    let replacement =
      completion.candidates.count == 1
      ? completion.candidates[0] + (completion.candidates[0].hasSuffix("/") ? "" : " ")
      : completion.commonPrefix
    if replacement.count > typed.count && replacement.hasPrefix(typed) || completion.candidates.count == 1 {
      text.replaceSubrange((cursor - length)..<cursor, with: Array(replacement))
      cursor += replacement.count - length
      isListingNext = false
      return .editing
    }
    defer { isListingNext = true }
    return isListingNext ? .choices(completion.choices) : .editing
  }

  private mutating func insert(_ character: Character) {
    // A combining mark joins the character before it, as it does on screen.
    if cursor > 0, (String(text[cursor - 1]) + String(character)).count == 1 {
      text[cursor - 1] = Character(String(text[cursor - 1]) + String(character))
      return
    }
    text.insert(character, at: cursor)
    cursor += 1
  }

  private mutating func deleteUnderCursor() {
    if cursor < text.count { text.remove(at: cursor) }
  }

  private mutating func cut(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    cut = Array(text[range])
    text.removeSubrange(range)
    cursor = range.lowerBound
  }

  /// Shows the line `step` away in the history (-1 older, +1 newer), or the draft past the newest.
  private mutating func browse(by step: Int) {
    guard !history.isEmpty else { return }
    let current = historyIndex ?? history.count
    let next = min(history.count, max(0, current + step))
    guard next != current else { return }
    if historyIndex == nil { draft = text }
    if next == history.count {
      historyIndex = nil
      text = draft
    } else {
      historyIndex = next
      text = Array(history[next])
    }
    cursor = text.count
  }
}
