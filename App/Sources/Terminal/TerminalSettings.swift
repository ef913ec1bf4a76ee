import Foundation
import Synchronization

/// A terminal's settings saved while echo is off (or the line editor has the terminal in
/// non-canonical mode), so that whichever thread ends the session can put them back.
package final class TerminalSettings: Sendable {
  private let descriptor: Int32
  /// The settings from before echo was turned off; `nil` while echo is as the user had it.
  private let saved = Mutex<termios?>(nil)
  /// Whether the terminal was asked to bracket pastes, so that ``restore()`` asks it to stop.
  private let bracketsPaste = Atomic<Bool>(false)

  /// - Parameter descriptor: The terminal.
  package init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Whether echo is off.
  package var isEchoOff: Bool { saved.withLock { $0 != nil } }

  /// Turns echo off, saving the settings to put back.
  ///
  /// - Returns: `false` if the descriptor is not a terminal or echo is already off.
  package func turnEchoOff() -> Bool {
    let descriptor = descriptor
    return saved.withLock { saved -> Bool in
      var current = termios()
      guard saved == nil, tcgetattr(descriptor, &current) == 0 else { return false }
      var silent = current
      silent.c_lflag &= ~tcflag_t(ECHO)
      guard tcsetattr(descriptor, TCSANOW, &silent) == 0 else { return false }
      saved = current
      return true
    }
  }

  /// Turns canonical mode, echo and the kernel's own line editing (Ctrl-V) off for the line editor,
  /// saving the settings to put back; signals (Ctrl-C, Ctrl-Z) and the output's line ends are kept.
  /// Asks the terminal to bracket pasted text (`ESC [ ? 2004 h`), so that the editor tells a pasted
  /// Tab from a typed one (``KeyDecoder``).
  ///
  /// - Returns: `false` if the descriptor is not a terminal or the settings are already changed.
  package func enterRawMode() -> Bool {
    let descriptor = descriptor
    return saved.withLock { saved -> Bool in
      var current = termios()
      guard saved == nil, tcgetattr(descriptor, &current) == 0 else { return false }
      var raw = current
      raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
      // One byte is enough for read to return, however long it waits.
      withUnsafeMutableBytes(of: &raw.c_cc) { characters in
        characters[Int(VMIN)] = 1
        characters[Int(VTIME)] = 0
      }
      guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return false }
      saved = current
      Self.writeToTerminal("\u{1B}[?2004h")
      bracketsPaste.store(true, ordering: .relaxed)
      return true
    }
  }

  /// Lets the terminal turn Ctrl-C, Ctrl-Z and Ctrl-\ into signals (`true`, as it does by
  /// default), or hands them to the reader as bytes (`false`).
  ///
  /// - Parameter enabled: Whether the terminal sends the signals.
  package func setKeyboardSignals(_ enabled: Bool) {
    var current = termios()
    guard tcgetattr(descriptor, &current) == 0 else { return }
    if enabled { current.c_lflag |= tcflag_t(ISIG) } else { current.c_lflag &= ~tcflag_t(ISIG) }
    tcsetattr(descriptor, TCSANOW, &current)
  }

  /// Puts back the settings saved by ``turnEchoOff()`` or ``enterRawMode()``, and asks the terminal
  /// to stop bracketing pastes; does nothing if they were not changed.
  package func restore() {
    let descriptor = descriptor
    saved.withLock { saved in
      guard var settings = saved else { return }
      tcsetattr(descriptor, TCSANOW, &settings)
      saved = nil
    }
    if bracketsPaste.exchange(false, ordering: .relaxed) { Self.writeToTerminal("\u{1B}[?2004l") }
  }

  /// Writes a control sequence to standard output, the terminal.
  private static func writeToTerminal(_ sequence: String) {
    _ = sequence.utf8CString.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count - 1) }
  }

}
