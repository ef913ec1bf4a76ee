import Foundation

/// Reads lines from standard input on a thread of its own, so the store's actor stays free to show
/// reminders while the user sits at the prompt.
///
/// At a terminal, the terminal is put in non-canonical mode without echo for the session and the
/// reader edits the line itself (``LineEditor``: arrows, Home/End, Ctrl-A/E/K/U/W/Y, Up/Down
/// through the ``LineHistory``, to which the session adds the lines it keeps), drawn by the ``PromptLine`` it shares with the printer. It reads a
/// line only once the session has shown the prompt (``PromptLine/begin(_:wakesReader:)``); keys
/// typed earlier wait in the terminal's buffer. Signals still come from the keyboard (Ctrl-C is
/// SIGINT).
///
/// What a line answers is the session's business: the reader reads the line the session asks for
/// (``PromptLine/begin(_:wakesReader:)``), the prompt's or a question's, and a secret one (a
/// password) shows nothing of what is typed, so the password is not shown or kept in the shell's
/// scrollback. The terminal's settings are put back by ``restoreTerminal()`` on every way out of the
/// session: a signal ends the session while the reading thread is still blocked at the prompt.
package final class LineReader: Sendable {
  package enum Event: Sendable {
    /// A line as typed, exactly (a password's spaces included).
    case line(String)
    case endOfInput
    /// The session must stop (a signal arrived) even though input may continue.
    case stop
  }

  package let events: AsyncStream<Event>
  private let continuation: AsyncStream<Event>.Continuation
  private let terminal: TerminalSettings
  private let line: PromptLine
  /// The lines typed before, for Up and Down.
  package let history: LineHistory
  /// What Tab completes at the prompt.
  private let complete: @Sendable (String) -> Completion

  /// Creates a reader of standard input.
  ///
  /// - Parameters:
  ///   - line: The prompt's line, on which the line being typed is drawn.
  ///   - history: The lines typed before.
  ///   - complete: What Tab completes at the prompt, given the text before the cursor (never at a
  ///     password or a question).
  package init(
    line: PromptLine, history: LineHistory = LineHistory(),
    complete: @escaping @Sendable (String) -> Completion = { _ in .none }
  ) {
    (events, continuation) = AsyncStream.makeStream(of: Event.self)
    terminal = TerminalSettings(descriptor: STDIN_FILENO)
    self.line = line
    self.history = history
    self.complete = complete
  }

  /// Starts reading standard input until its end.
  ///
  /// - Parameter interactive: Whether a person types at a terminal: the reader then edits the line
  ///   and asks for a missing password without showing it.
  package func start(interactive: Bool) {
    if interactive && terminal.enterRawMode() {
      startEditing()
      return
    }
    let continuation = continuation
    let terminal = terminal
    let promptLine = line
    let thread = Thread {
      while let typed = readLine(strippingNewline: true) {
        // Echo went off when the line was asked for as a secret (see `hidesInput`).
        if promptLine.entered()?.isSecret == true {
          terminal.restore()
          FileHandle.standardOutput.write(Data("\n".utf8))
        }
        continuation.yield(.line(typed))
      }
      continuation.yield(.endOfInput)
      continuation.finish()
    }
    thread.name = "LineReader"
    thread.start()
  }

  /// Lines from a script file, delivered in order.
  ///
  /// - Parameter lines: The script's lines.
  package func feed(_ lines: [String]) {
    for line in lines { continuation.yield(.line(line)) }
    continuation.yield(.endOfInput)
    continuation.finish()
  }

  /// Ends the session's reading at once, whatever the input does.
  package func interrupt() {
    continuation.yield(.stop)
  }

  /// Puts back the terminal's settings as they were before the session (or before a password prompt
  /// turned echo off).
  package func restoreTerminal() {
    terminal.restore()
  }

  // MARK: - Editing at a terminal

  private func startEditing() {
    let thread = Thread { [self] in
      var keys = KeyReader(descriptor: STDIN_FILENO)
      while true {
        let request = line.waitForLine()
        let lines = request.label == nil ? history.lines : []
        let completes = request.label == nil ? complete : { _ in .none }
        // While a line is edited the editor reads Ctrl-C (to clear the line) and raises the
        // signals itself; between lines the terminal sends them, so Ctrl-C reaches work under way.
        terminal.setKeyboardSignals(false)
        defer { terminal.setKeyboardSignals(true) }
        guard
          case .submitted(let typed) = Self.edit(
            request, history: lines, complete: completes, keys: &keys, on: line)
        else {
          break
        }
        continuation.yield(.line(typed))
      }
      continuation.yield(.endOfInput)
      continuation.finish()
    }
    thread.name = "LineReader"
    thread.start()
  }

  /// Edits one line on `line` until return, Ctrl-D on an empty line, or the end of input (`nil`),
  /// drawing it whenever no key waits.
  package static func edit<Keys: KeySource>(
    _ request: PromptLine.Request, history: [String],
    complete: @escaping (String) -> Completion = { _ in .none }, keys: inout Keys, on line: PromptLine
  )
    -> LineEditor.Outcome?
  {
    var editor = LineEditor(history: history, complete: complete)
    var isDrawn = true
    while let key = keys.next() {
      if key == .clearScreen {
        // The screen is the terminal's, not the line's: the editor has nothing to change.
        line.clearScreen()
        line.update(text: editor.text, cursor: editor.cursor)
        isDrawn = true
        continue
      }
      let outcome = editor.apply(key)
      switch outcome {
      case .choices(let choices):
        // Listed above the line, which stays as typed (and is drawn below, if a key before the Tab
        // has not been yet).
        line.printChoices(choices)
      case .interrupted:
        // The session stops on SIGINT as if the terminal had sent it; the line stays until then.
        // Sent to the process, not raised on this thread, which may block it.
        kill(getpid(), SIGINT)
        continue
      case .signal(let signal):
        kill(getpid(), signal)
        continue
      default: break
      }
      guard outcome == .editing || outcome.isChoices else {
        // A line typed ahead with its return (a pasted command) shows before it ends.
        if !isDrawn { line.update(text: editor.text, cursor: editor.cursor) }
        line.end()
        return outcome
      }
      // Keys read together (a paste) are drawn once, after the last of them: a redraw per key
      // would draw a pasted line over and over.
      isDrawn = !keys.hasQueuedKeys
      if isDrawn { line.update(text: editor.text, cursor: editor.cursor) }
    }
    line.end()
    return nil
  }

  /// Turns echo off for a secret line read without the editor (canonical mode, when the editor
  /// could not take the terminal); the reading thread puts it back once the line is entered.
  package func hidesInput() {
    _ = terminal.turnEchoOff()
  }
}

/// Where the line editor's keys come from.
package protocol KeySource {
  /// The next key, blocking until one is typed; `nil` at the end of input.
  mutating func next() -> Key?
  /// Whether a key is already waiting, read with the last one (typed ahead, or pasted).
  var hasQueuedKeys: Bool { get }
}

/// Keys read from a terminal in non-canonical mode, decoded as they come.
private struct KeyReader: KeySource {
  private let descriptor: Int32
  private var decoder = KeyDecoder()
  /// Keys read but not yet used: typed ahead, or several in one read (a paste).
  private var queue: [Key] = []
  private var nextIndex = 0

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  var hasQueuedKeys: Bool { nextIndex < queue.count }

  /// The next key, blocking until one is typed; `nil` at the end of input or on an error.
  mutating func next() -> Key? {
    while nextIndex == queue.count {
      queue.removeAll(keepingCapacity: true)
      nextIndex = 0
      var buffer = [UInt8](repeating: 0, count: 4_096)
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
      for byte in buffer[..<count] {
        if let key = decoder.feed(byte) { queue.append(key) }
      }
      decoder.endOfRead()
    }
    defer { nextIndex += 1 }
    return queue[nextIndex]
  }
}
