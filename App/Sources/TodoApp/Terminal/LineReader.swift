import Foundation

/// Reads lines from standard input on a thread of its own, so the store's actor stays free to show
/// reminders while the user sits at the prompt.
///
/// In interactive mode, `login NAME` or `register NAME` without a password asks for it with echo
/// off, so the password is not shown or kept in the shell's scrollback; it comes with its line,
/// apart, so that it may hold spaces. The terminal's settings are
/// put back when the password is read, and by ``restoreTerminal()`` on every way out of the session:
/// a signal ends the session while the reading thread is still blocked at the prompt.
final class LineReader: Sendable {
  enum Event: Sendable {
    /// A line as typed and, when a password prompt followed it, the password typed there, exactly
    /// (spaces included).
    case line(String, password: String? = nil)
    case endOfInput
    /// The session must stop (a signal arrived) even though input may continue.
    case stop
  }

  let events: AsyncStream<Event>
  private let continuation: AsyncStream<Event>.Continuation
  private let terminal: TerminalSettings

  /// Creates a reader of standard input, whose terminal echo a password prompt turns off.
  init() {
    (events, continuation) = AsyncStream.makeStream(of: Event.self)
    terminal = TerminalSettings(descriptor: STDIN_FILENO)
  }

  /// Whether a password prompt holds the terminal's line.
  var isReadingSecret: Bool { terminal.isEchoOff }

  /// Starts reading standard input until its end.
  ///
  /// - Parameter asksForPasswords: Whether to prompt for a missing password with echo off.
  func start(asksForPasswords: Bool) {
    let continuation = continuation
    let terminal = terminal
    let thread = Thread {
      while let line = readLine(strippingNewline: true) {
        let password = asksForPasswords ? Self.askedPassword(after: line, terminal: terminal) : nil
        continuation.yield(.line(line, password: password))
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
  func feed(_ lines: [String]) {
    for line in lines { continuation.yield(.line(line)) }
    continuation.yield(.endOfInput)
    continuation.finish()
  }

  /// Ends the session's reading at once, whatever the input does.
  func interrupt() {
    continuation.yield(.stop)
  }

  /// Puts back the terminal's settings if a password prompt turned echo off and is still waiting.
  func restoreTerminal() {
    terminal.restore()
  }

  /// After `login ada` or `register ada` alone, the password typed at a `Password:` prompt; `nil`
  /// after other lines, or if nothing was typed.
  private static func askedPassword(after line: String, terminal: TerminalSettings) -> String? {
    let words = line.split(whereSeparator: \.isWhitespace)
    guard words.count == 2, ["login", "register"].contains(words[0].lowercased()) else { return nil }
    guard let password = readSecretLine(prompt: "Password: ", terminal: terminal), !password.isEmpty else {
      return nil
    }
    return password
  }

  /// Reads one line from the terminal with echo off, restoring the terminal's settings after.
  private static func readSecretLine(prompt: String, terminal: TerminalSettings) -> String? {
    // Echo goes off before the prompt shows, so the printer, seeing the flag, leaves the line alone.
    let isSilent = terminal.turnEchoOff()
    FileHandle.standardOutput.write(Data(prompt.utf8))
    guard isSilent else { return readLine() }
    defer {
      terminal.restore()
      FileHandle.standardOutput.write(Data("\n".utf8))
    }
    return readLine(strippingNewline: true)
  }
}
