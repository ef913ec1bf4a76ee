/// One line the terminal prints. The app's updater appends lines to the ``UIModel``'s outbox; the
/// terminal prints the new ones. Output is a function of the model and the messages, never a print
/// buried in an interpreter.
public struct OutputLine: Hashable, Sendable, Codable {
  /// How the line is shown.
  public enum Style: String, Hashable, Sendable, Codable {
    /// Ordinary feedback.
    case info
    /// Something the user may not have meant (a due time already past); not a failure.
    case warning
    /// A problem with the user's input or a failed command; counts toward the script exit code.
    case error
    /// Something that happened while the user was not asking: a reminder, an expired session.
    case banner
    /// A row of a listing (`list`, `find`): shown as ``info``, but at a terminal cut to the
    /// window's width, ending in `…`, so that a page of rows fits the window it was sized for.
    case row
  }

  /// How the line is shown.
  public var style: Style
  /// The text, without newline.
  public var text: String

  /// Creates a line.
  ///
  /// - Parameters:
  ///   - style: How it is shown.
  ///   - text: The text.
  public init(_ style: Style, _ text: String) {
    self.style = style
    self.text = text
  }
}
