import Foundation

/// A key the line editor acts on, decoded from the bytes a terminal sends.
package enum Key: Equatable, Sendable {
  /// A character to insert.
  case character(Character)
  /// Return: submit the line.
  case enter
  /// Backspace (DEL or Ctrl-H): delete the character before the cursor.
  case backspace
  /// Delete: delete the character under the cursor.
  case delete
  /// Left arrow or Ctrl-B.
  case left
  /// Right arrow or Ctrl-F.
  case right
  /// Up arrow or Ctrl-P: the previous line of the history.
  case up
  /// Down arrow or Ctrl-N: the next line of the history.
  case down
  /// Home or Ctrl-A.
  case home
  /// End or Ctrl-E.
  case end
  /// Ctrl-K: cut from the cursor to the end of the line.
  case killToEnd
  /// Ctrl-U: cut from the start of the line to the cursor.
  case killToStart
  /// Ctrl-W: cut the word before the cursor.
  case killWordBefore
  /// Ctrl-Y: paste what the last cut removed.
  case yank
  /// Ctrl-D: the end of input on an empty line, otherwise Delete.
  case endOfInput
  /// Ctrl-C: clears a line with text; on an empty line, SIGINT.
  case interrupt
  /// Ctrl-Z or Ctrl-\: the signal the terminal would send for it (SIGTSTP, SIGQUIT), while the
  /// editor reads the keys a terminal would turn into signals.
  case signal(Int32)
  /// Tab (or Ctrl-I): complete the word before the cursor; pressed again, list the choices.
  case tab
  /// Ctrl-L: clear the screen, the line being typed drawn again at its top.
  case clearScreen
  /// A key the editor does not use (a function key, another control): it is not inserted, so that
  /// no escape sequence or control character enters the line.
  case ignored
}

/// Turns the bytes a terminal in non-canonical mode sends into ``Key``s: UTF-8 characters, control
/// characters and the escape sequences of arrows, Home, End and Delete (`ESC [ A`, `ESC O H`,
/// `ESC [ 3 ~`, …, as xterm, tmux and the Linux console send them).
///
/// Text pasted while the terminal brackets pastes (`ESC [ ? 2004 h`, which the ``LineReader``
/// asks for) comes between `ESC [ 200 ~` and `ESC [ 201 ~`: inside, a Tab is a space, not a
/// completion, a line break still ends the line, and every other control character or sequence is
/// text the line cannot hold, ignored, not an editing key.
package struct KeyDecoder {
  private var pending: [UInt8] = []
  /// Whether the bytes are pasted text, between the paste's brackets.
  private var isPasting = false

  /// Creates a decoder that has read nothing.
  package init() {}

  /// Adds one byte.
  ///
  /// - Parameter byte: The next byte read from the terminal.
  /// - Returns: The key the bytes so far complete, or `nil` while a character or a sequence is
  ///   incomplete.
  package mutating func feed(_ byte: UInt8) -> Key? {
    pending.append(byte)
    if pending[0] == 0x1B {
      guard let key = escapeSequence() else { return nil }
      return isPasting ? .ignored : key
    }
    if pending[0] < 0x80 {
      pending.removeAll()
      return isPasting ? Self.pasted(byte) : Self.key(forASCII: byte)
    }
    return utf8Character()
  }

  /// Ends a read: a lone `ESC` left over is the Escape key, which the editor ignores. A terminal
  /// writes a whole sequence at once, so one split across reads is rare; its rest then shows up as
  /// ignored keys and characters, never as a control sequence.
  package mutating func endOfRead() {
    if pending == [0x1B] { pending.removeAll() }
  }

  /// Decodes `bytes`, ending the read after them.
  package static func keys(in bytes: some Sequence<UInt8>) -> [Key] {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for byte in bytes {
      if let key = decoder.feed(byte) { keys.append(key) }
    }
    decoder.endOfRead()
    return keys
  }

  /// An ASCII byte of pasted text.
  private static func pasted(_ byte: UInt8) -> Key {
    switch byte {
    case 0x09: .character(" ")
    case 0x0A, 0x0D: .enter
    case 0x20..<0x7F: .character(Character(Unicode.Scalar(byte)))
    default: .ignored
    }
  }

  private static func key(forASCII byte: UInt8) -> Key {
    switch byte {
    case 0x01: .home
    case 0x02: .left
    case 0x03: .interrupt
    case 0x04: .endOfInput
    case 0x05: .end
    case 0x06: .right
    case 0x08, 0x7F: .backspace
    case 0x09: .tab
    case 0x0A, 0x0D: .enter
    case 0x0B: .killToEnd
    case 0x0C: .clearScreen
    case 0x0E: .down
    case 0x10: .up
    case 0x15: .killToStart
    case 0x17: .killWordBefore
    case 0x19: .yank
    case 0x1A: .signal(SIGTSTP)
    case 0x1C: .signal(SIGQUIT)
    case 0x20..<0x7F: .character(Character(Unicode.Scalar(byte)))
    default: .ignored
    }
  }

  /// `ESC [ params final` (CSI), `ESC O final` (SS3), or `ESC` and one more byte (Alt and a key).
  private mutating func escapeSequence() -> Key? {
    guard pending.count >= 2 else { return nil }
    let introducer = pending[1]
    if introducer == UInt8(ascii: "O") {
      guard pending.count >= 3 else { return nil }
      defer { pending.removeAll() }
      return Self.key(final: pending[2], parameters: [])
    }
    guard introducer == UInt8(ascii: "[") else {
      pending.removeAll()
      return .ignored
    }
    guard let last = pending.last, pending.count >= 3, (0x40...0x7E).contains(last) else {
      // Parameters and intermediates run from 0x20 to 0x3F; anything else, or a sequence too long to
      // be one, ends it as an ignored key.
      if pending.count > 16 || (pending.count >= 3 && !(0x20...0x3F).contains(pending.last ?? 0)) {
        pending.removeAll()
        return .ignored
      }
      return nil
    }
    defer { pending.removeAll() }
    let parameters = String(decoding: pending[2..<(pending.count - 1)], as: UTF8.self)
    if last == UInt8(ascii: "~"), parameters == "200" || parameters == "201" {
      // The paste's brackets are no keys.
      isPasting = parameters == "200"
      return .ignored
    }
    return Self.key(final: last, parameters: parameters.split(separator: ";").map(String.init))
  }

  private static func key(final: UInt8, parameters: [String]) -> Key {
    // A modifier (`ESC [ 1 ; 5 D` is Ctrl-Left) is not used: the key acts as without it.
    switch (final, parameters.first ?? "") {
    case (UInt8(ascii: "A"), _): .up
    case (UInt8(ascii: "B"), _): .down
    case (UInt8(ascii: "C"), _): .right
    case (UInt8(ascii: "D"), _): .left
    case (UInt8(ascii: "H"), _): .home
    case (UInt8(ascii: "F"), _): .end
    case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
    case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
    case (UInt8(ascii: "~"), "3"): .delete
    default: .ignored
    }
  }

  /// A UTF-8 character of two to four bytes; malformed bytes are dropped as an ignored key.
  private mutating func utf8Character() -> Key? {
    let lead = pending[0]
    let length =
      switch lead {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 0
      }
    guard length > 0 else {
      pending.removeAll()
      return .ignored
    }
    if pending.count > 1 && pending.last.map({ $0 & 0xC0 != 0x80 }) == true {
      pending.removeAll()
      return .ignored
    }
    guard pending.count == length else { return nil }
    defer { pending.removeAll() }
    var decoder = UTF8()
    var iterator = pending.makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return .ignored }
    // C1 controls and bidirectional overrides are kept out of the line as other controls are.
    if TerminalText.visible(String(scalar)) != String(scalar) { return .ignored }
    return .character(Character(scalar))
  }
}
