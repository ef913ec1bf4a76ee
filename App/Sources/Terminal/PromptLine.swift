import Dispatch
import Synchronization

/// The terminal's last line in interactive mode: the prompt and what the user types after it, and
/// the one way to the terminal, so that the line editor (on the reading thread) and the printer (on
/// the main actor) never write across each other.
///
/// The terminal is in non-canonical mode and the app echoes what is typed, so it knows the line's
/// text and redraws the whole line after each key, or when the prompt changes (the unread count, an
/// import's progress bar). The line is one row: text wider than the terminal scrolls sideways
/// inside it, so that lines printed meanwhile can be inserted above it (see
/// ``TerminalEdits/inserting(_:)``) without touching it.
package final class PromptLine: Sendable {
  /// What a line being read shows before its text, and whether its text is shown at all.
  package struct Request: Equatable, Sendable {
    /// A question or `Password: ` in place of the prompt; `nil` for the prompt, which alone offers
    /// the history.
    package var label: String?
    /// Whether the text is hidden (a password): nothing of it is drawn, not even its length.
    package var isSecret = false

    /// Creates a request: the prompt, shown, unless told otherwise.
    package init(label: String? = nil, isSecret: Bool = false) {
      self.label = label
      self.isSecret = isSecret
    }
  }

  private struct State {
    var prompt: String
    var request: Request?
    var text: [Character] = []
    var cursor = 0
    /// The first character drawn, when the text is wider than the room after the prompt.
    var scroll = 0
    /// What the line shows while no line is read (``showStatus(_:)``).
    var status: String?
  }

  private let state: Mutex<State>
  private let columns: @Sendable () -> Int
  private let writeToTerminal: @Sendable (String) -> Void
  private let lineBegun = DispatchSemaphore(value: 0)

  /// Creates the line, not shown.
  ///
  /// - Parameters:
  ///   - prompt: The prompt.
  ///   - columns: The terminal's width.
  ///   - write: Writes text to the terminal.
  package init(
    prompt: String = "todo> ", columns: @escaping @Sendable () -> Int,
    write: @escaping @Sendable (String) -> Void
  ) {
    state = Mutex(State(prompt: prompt))
    self.columns = columns
    writeToTerminal = write
  }

  /// Whether the line is on screen, waiting for the user.
  package var isShown: Bool { state.withLock { $0.request != nil } }

  /// Shows the prompt (or `request`'s label) on a line of its own, empty, and lets a reader blocked
  /// in ``waitForLine()`` read it.
  ///
  /// - Parameters:
  ///   - request: What to show before the text.
  ///   - wakesReader: Whether a reader is waiting for the line (`false` when the reader begins it
  ///     itself, as the password prompt after `login NAME`).
  package func begin(_ request: Request = Request(), wakesReader: Bool = true) {
    state.withLock { state in
      state.request = request
      state.text = []
      state.cursor = 0
      state.scroll = 0
      // The output before ended its line, so the cursor is at the start of an empty one, or of
      // the status, which the line replaces.
      let erased = state.status == nil ? "" : "\r\u{1B}[K"
      state.status = nil
      writeToTerminal(erased + (request.label ?? state.prompt))
    }
    if wakesReader { lineBegun.signal() }
  }

  /// Blocks until ``begin(_:wakesReader:)`` shows a line for the reader.
  ///
  /// - Returns: What the line shows before its text.
  package func waitForLine() -> Request {
    lineBegun.wait()
    return state.withLock { $0.request ?? Request() }
  }

  /// Redraws the line with this text and cursor.
  ///
  /// - Parameters:
  ///   - text: The text typed.
  ///   - cursor: Where the cursor is in `text`.
  package func update(text: [Character], cursor: Int) {
    state.withLock { state in
      guard state.request != nil else { return }
      state.text = text
      state.cursor = cursor
      writeToTerminal(redraw(&state))
    }
  }

  /// Ends the line (the user pressed return, or the session stops): the cursor goes after its text
  /// and down to a new line.
  package func end() {
    state.withLock { state in
      guard state.request != nil else { return }
      if state.cursor != state.text.count {
        state.cursor = state.text.count
        writeToTerminal(redraw(&state))
      }
      state.request = nil
      writeToTerminal("\n")
    }
  }

  /// Forgets the line without drawing anything: the terminal itself echoed the line and its end
  /// (canonical mode, when the editor could not take the terminal).
  ///
  /// - Returns: What the line asked for, if it was shown.
  @discardableResult
  package func entered() -> Request? {
    state.withLock { state in
      defer { state.request = nil }
      return state.request
    }
  }

  /// Changes the prompt, redrawing the line if it shows the prompt.
  ///
  /// - Parameter prompt: The new prompt.
  package func setPrompt(_ prompt: String) {
    state.withLock { state in
      guard prompt != state.prompt else { return }
      state.prompt = prompt
      if let request = state.request, request.label == nil { writeToTerminal(redraw(&state)) }
    }
  }

  /// Writes `rows` above the line while it is shown, keeping it and its cursor; otherwise writes
  /// `text`.
  ///
  /// - Parameters:
  ///   - rows: Makes the rows to insert, each no wider than the terminal; called only when the line
  ///     is shown (a listing printed after a line was entered needs none).
  ///   - text: What to write when no line is shown.
  package func print(rows: () -> [String], otherwise text: String) {
    state.withLock { state in
      if state.request != nil {
        writeToTerminal(TerminalEdits.inserting(rows()))
      } else if let status = state.status {
        // The status stays on the last line, below what is printed.
        writeToTerminal("\r\u{1B}[K" + text + status)
      } else {
        writeToTerminal(text)
      }
    }
  }

  /// Shows `status` on the line while no line is read, for work under way that holds the prompt
  /// back (a long export), or erases it (`nil`). Lines printed meanwhile go above it; a line begun
  /// takes its place.
  ///
  /// - Parameter status: One row of text, or `nil`.
  package func showStatus(_ status: String?) {
    state.withLock { state in
      guard state.request == nil, status != state.status else { return }
      writeToTerminal("\r" + (status ?? "") + "\u{1B}[K")
      state.status = status
    }
  }

  /// Lists `choices` (Tab's) above the line while it is shown, in columns as wide as the longest,
  /// as many to a row as the terminal's width holds; the line and its cursor stay.
  ///
  /// - Parameter choices: The choices, in order.
  package func printChoices(_ choices: [String]) {
    let cells = choices.map { TerminalText.visible($0) }
    let width = (cells.map(TerminalEdits.width(of:)).max() ?? 0) + 2
    let perRow = max(1, columns() / max(width, 1))
    // A choice wider than the terminal (a long file name) wraps onto rows of its own.
    let rows = stride(from: 0, to: cells.count, by: perRow).flatMap { start in
      let row = cells[start..<min(start + perRow, cells.count)].enumerated().map { index, cell in
        let isLast = index == min(perRow, cells.count - start) - 1
        return isLast ? cell : cell + String(repeating: " ", count: width - TerminalEdits.width(of: cell))
      }.joined()
      return TerminalEdits.rows(of: row, columns: columns())
    }
    state.withLock { state in
      guard state.request != nil else { return }
      writeToTerminal(TerminalEdits.inserting(rows))
    }
  }

  /// Clears the screen (Ctrl-L) and draws the line being read again, at its top.
  package func clearScreen() {
    state.withLock { state in
      guard state.request != nil else { return }
      writeToTerminal("\u{1B}[H\u{1B}[2J" + redraw(&state))
    }
  }

  /// Writes `text` as it is, whatever the line shows: the caller ended the line first.
  ///
  /// - Parameter text: The text.
  package func write(_ text: String) {
    state.withLock { _ in writeToTerminal(text) }
  }

  // MARK: - Drawing

  /// The whole line drawn again: a carriage return, the prompt, the part of the text that fits
  /// (scrolled so the cursor shows), the rest of the row erased, and the cursor put in place.
  ///
  /// Only the characters around the cursor, at most a row's worth, are looked at: a redraw costs
  /// the same however long the line (a pasted one, say) is.
  private func redraw(_ state: inout State) -> String {
    let prompt = state.request?.label ?? state.prompt
    let isSecret = state.request?.isSecret == true
    let text = isSecret ? [] : state.text
    let cursor = isSecret ? 0 : state.cursor
    let promptWidth = TerminalEdits.width(of: prompt)
    // One column stays free, so that a full row does not leave the cursor waiting to wrap.
    let room = max(1, columns() - promptWidth - 1)
    func cell(_ index: Int) -> String { TerminalText.visible(String(text[index])) }
    // The first character drawn: the one kept from before if the text from it to the cursor fits,
    // otherwise the earliest from which it does.
    state.scroll = min(state.scroll, cursor)
    var start = cursor
    var before = 0
    while start > state.scroll {
      let width = TerminalEdits.width(of: cell(start - 1))
      guard before + width <= room else { break }
      before += width
      start -= 1
    }
    state.scroll = start
    var drawn = (state.scroll..<cursor).map(cell)
    var used = before
    var end = cursor
    while end < text.count {
      let next = cell(end)
      used += TerminalEdits.width(of: next)
      guard used <= room else { break }
      drawn.append(next)
      end += 1
    }
    let column = promptWidth + before
    return "\r" + prompt + drawn.joined() + "\u{1B}[K\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
  }
}
