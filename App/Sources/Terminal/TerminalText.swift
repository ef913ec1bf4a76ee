/// Text made safe to write to a terminal: every character that a terminal would obey instead of
/// show is replaced by a visible stand-in.
///
/// Titles, file names, user names, reminders and echoed input come from files and from the
/// keyboard; an escape sequence among them could retitle the window, clear the screen, recolour
/// or move the cursor, and a bidirectional override could make text read differently from what
/// it holds. So everything the app prints of them goes through ``visible(_:)``: C0 controls show
/// as Unicode's control pictures (`ESC` as `␛`, `BEL` as `␇`, NUL as `␀`), DEL as `␡`, and the
/// C1 controls and the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069) as `\u{…}`, their code in hexadecimal.
///
/// The database keeps such characters as they were typed or imported: the data is the user's, an
/// export gives back exactly what an import read, and the danger lies only in how a terminal
/// reacts to them, so the defence sits where text meets the terminal, at one place (the
/// App's `Printer`) that every line passes, rather than in a validation each new input path would
/// have to remember.
public enum TerminalText {
  /// `text` with every control and bidirectional formatting character replaced by a visible
  /// stand-in; other text unchanged.
  ///
  /// - Parameters:
  ///   - text: Text from the model, a file or the keyboard.
  ///   - keepingLineFeeds: Whether a line feed stays one, for a report of several lines; by default
  ///     it shows as `␊`, since a line of output must stay one line.
  /// - Returns: The text to write.
  public static func visible(_ text: String, keepingLineFeeds: Bool = false) -> String {
    func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
      scalar.value == 0x0A ? !keepingLineFeeds : isControlOrBidi(scalar)
    }
    // Most lines hold nothing to replace: checked first so they are returned without a copy.
    guard text.unicodeScalars.contains(where: needsReplacing) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if needsReplacing(scalar) {
        result.append(contentsOf: standIn(for: scalar).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  private static func isControlOrBidi(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  private static func standIn(for scalar: Unicode.Scalar) -> String {
    switch scalar.value {
    // The Control Pictures block holds a picture for each C0 control at U+2400 + its code (all
    // valid scalars, so the unwrap cannot fail), and ␡.
    case 0x00...0x1F: String(Unicode.Scalar(0x2400 + scalar.value)!)
    case 0x7F: "␡"
    default: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
  }
}
