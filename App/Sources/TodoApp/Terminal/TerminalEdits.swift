import Foundation

/// The escape sequences that change the screen around the line the user is typing.
///
/// The terminal is in canonical mode: the kernel echoes and edits what the user types, so the app
/// never knows that text. Everything here therefore leaves the cursor's line alone except for the
/// prompt at its start, and puts the cursor back where it was (`ESC 7` saves it, `ESC 8` restores
/// it). The one thing these edits cannot see is typed text longer than the terminal is wide, which
/// wraps onto a second row: lines are then inserted above that row, not above the prompt.
enum TerminalEdits {
  private static let escape = "\u{1B}"

  /// Inserts `rows` above the cursor's line, which keeps its text and the cursor its place.
  ///
  /// First makes room below the cursor's line with `ESC D` (index): at the bottom of the screen it
  /// scrolls the screen up as ordinary output does, so the top lines go to the scrollback; elsewhere
  /// it only moves down. Then it inserts blank lines above the cursor's line (`CSI n L`, which pushes
  /// that line down into the room made), writes the rows there with line wrapping off (each row must
  /// fit: see ``rows(of:columns:)``), and returns to the cursor's line and column.
  ///
  /// - Parameter rows: The rows, each at most as wide as the terminal, styles included.
  /// - Returns: The text to write.
  static func inserting(_ rows: [String]) -> String {
    guard !rows.isEmpty else { return "" }
    let count = rows.count
    var text = String(repeating: "\(escape)D", count: count) + "\(escape)[\(count)A"
    text += "\(escape)7\r\(escape)[\(count)L\(escape)[?7l"
    text += rows.joined(separator: "\r\n")
    text += "\(escape)[?7h\(escape)8\(escape)[\(count)B"
    return text
  }

  /// Replaces the prompt at the start of the cursor's line, keeping what the user typed after it.
  ///
  /// When the new prompt is wider, the line's text is shifted right (`CSI n @`, insert blanks); when
  /// narrower, left (`CSI n P`, delete characters); then the cursor moves by the same amount.
  ///
  /// - Parameters:
  ///   - old: The prompt shown.
  ///   - new: The prompt to show.
  /// - Returns: The text to write.
  static func replacingPrompt(_ old: String, with new: String) -> String {
    let shift = width(of: new) - width(of: old)
    var text = "\(escape)7\r"
    if shift > 0 { text += "\(escape)[\(shift)@" }
    if shift < 0 { text += "\(escape)[\(-shift)P" }
    text += new + "\(escape)8"
    if shift > 0 { text += "\(escape)[\(shift)C" }
    if shift < 0 { text += "\(escape)[\(-shift)D" }
    return text
  }

  /// `text` cut into rows no wider than `columns`, so that the terminal never wraps them itself.
  ///
  /// - Parameters:
  ///   - text: One line of output, without escape sequences.
  ///   - columns: The terminal's width.
  /// - Returns: At least one row.
  static func rows(of text: String, columns: Int) -> [String] {
    let columns = max(1, columns)
    var rows: [String] = []
    var row = ""
    var used = 0
    for character in text {
      let needed = width(of: character)
      if used + needed > columns && !row.isEmpty {
        rows.append(row)
        row = ""
        used = 0
      }
      row.append(character)
      used += needed
    }
    rows.append(row)
    return rows
  }

  /// The columns `text` takes on a terminal, erring on the wide side.
  ///
  /// - Parameter text: Text without escape sequences.
  /// - Returns: The width.
  static func width(of text: String) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// Two columns for East Asian wide characters and emoji, one for others (a combining mark, which
  /// belongs to the character before it, adds nothing).
  private static func width(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
    switch first.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// The width of the terminal on standard output (or input), 80 if neither is a terminal.
  static func columns() -> Int {
    var size = winsize()
    for descriptor in [STDOUT_FILENO, STDIN_FILENO] where ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 {
      if size.ws_col > 0 { return Int(size.ws_col) }
    }
    return 80
  }
}
