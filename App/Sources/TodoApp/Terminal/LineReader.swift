import Foundation

/// Reads lines from standard input on a thread of its own, so the store's actor stays free to show
/// reminders while the user sits at the prompt.
///
/// In interactive mode, `login NAME` or `register NAME` without a password asks for it with echo
/// off, so the password is not shown or kept in the shell's scrollback.
final class LineReader: Sendable {
  enum Event: Sendable {
    case line(String)
    case endOfInput
    /// The session must stop (a signal arrived) even though input may continue.
    case stop
  }

  let events: AsyncStream<Event>
  private let continuation: AsyncStream<Event>.Continuation

  init() {
    (events, continuation) = AsyncStream.makeStream(of: Event.self)
  }

  /// Starts reading standard input until its end.
  ///
  /// - Parameter asksForPasswords: Whether to prompt for a missing password with echo off.
  func start(asksForPasswords: Bool) {
    let continuation = continuation
    let thread = Thread {
      while let line = readLine(strippingNewline: true) {
        continuation.yield(.line(asksForPasswords ? Self.completingPassword(line) : line))
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

  /// `login ada` becomes `login ada <typed password>`; other lines are unchanged.
  private static func completingPassword(_ line: String) -> String {
    let words = line.split(whereSeparator: \.isWhitespace)
    guard words.count == 2, ["login", "register"].contains(words[0].lowercased()) else { return line }
    guard let password = readSecretLine(prompt: "Password: "), !password.isEmpty else { return line }
    return "\(line) \(password)"
  }

  /// Reads one line from the terminal with echo off, restoring the terminal's settings after.
  private static func readSecretLine(prompt: String) -> String? {
    FileHandle.standardOutput.write(Data(prompt.utf8))
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return readLine() }
    var silent = saved
    silent.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(STDIN_FILENO, TCSANOW, &silent)
    defer {
      tcsetattr(STDIN_FILENO, TCSANOW, &saved)
      FileHandle.standardOutput.write(Data("\n".utf8))
    }
    return readLine(strippingNewline: true)
  }
}
