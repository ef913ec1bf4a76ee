import Foundation

/// The escape sequences that change the screen around the line the user is typing.
///
/// The line the user types on is one row (``PromptLine`` scrolls text wider than the terminal
/// sideways), and lines inserted above it leave it and the cursor where they were (`ESC 7` saves
/// the cursor, `ESC 8` restores it).
package enum TerminalEdits {
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
  package static func inserting(_ rows: [String]) -> String {
    guard !rows.isEmpty else { return "" }
    let count = rows.count
    var text = String(repeating: "\(escape)D", count: count) + "\(escape)[\(count)A"
    text += "\(escape)7\r\(escape)[\(count)L\(escape)[?7l"
    text += rows.joined(separator: "\r\n")
    text += "\(escape)[?7h\(escape)8\(escape)[\(count)B"
    return text
  }

  /// `text` cut into rows no wider than `columns`, so that the terminal never wraps them itself.
  ///
  /// - Parameters:
  ///   - text: One line of output, without escape sequences.
  ///   - columns: The terminal's width.
  /// - Returns: At least one row.
  package static func rows(of text: String, columns: Int) -> [String] {
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

  /// `text` cut to one row of `columns`: whole if it fits, otherwise as much as fits before a `…`.
  ///
  /// - Parameters:
  ///   - text: Text without escape sequences.
  ///   - columns: The terminal's width.
  /// - Returns: Text at most `columns` wide.
  package static func cut(_ text: String, columns: Int) -> String {
    guard width(of: text) > columns else { return text }
    var cut = ""
    var used = 0
    for character in text {
      let needed = width(of: character)
      if used + needed > columns - 1 { break }
      cut.append(character)
      used += needed
    }
    return cut + "…"
  }

  /// The columns `text` takes on a terminal, erring on the wide side.
  ///
  /// - Parameter text: Text without escape sequences.
  /// - Returns: The width.
  package static func width(of text: String) -> Int {
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
  package static func columns() -> Int {
    var size = winsize()
    for descriptor in [STDOUT_FILENO, STDIN_FILENO] where ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 {
      if size.ws_col > 0 { return Int(size.ws_col) }
    }
    return 80
  }

  /// The height of the terminal on standard output (or input), 24 if neither is a terminal.
  package static func rows() -> Int {
    var size = winsize()
    for descriptor in [STDOUT_FILENO, STDIN_FILENO] where ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 {
      if size.ws_row > 0 { return Int(size.ws_row) }
    }
    return 24
  }
}
