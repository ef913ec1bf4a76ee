/// The rules for to-do titles.
public enum TodoTitle {
  /// The longest allowed title, in characters (grapheme clusters).
  public static let maximumLength = 500

  /// Checks a title: surrounding whitespace removed, not empty, at most ``maximumLength``
  /// characters. Any Unicode is allowed; newlines inside a title become spaces.
  ///
  /// - Parameter raw: The title as typed or imported.
  /// - Returns: The cleaned title, or the failure to show the user.
  public static func validate(_ raw: String) -> Result<String, TodoFailure> {
    let flattened = raw.contains(where: \.isNewline) ? String(raw.map { $0.isNewline ? " " : $0 }) : raw
    // Index arithmetic rather than reversing twice: an import validates a million titles.
    guard let first = flattened.firstIndex(where: { !$0.isWhitespace }),
      let last = flattened.lastIndex(where: { !$0.isWhitespace })
    else { return .failure(.emptyTitle) }
    let title = String(flattened[first...last])
    // A title of at most `maximumLength` UTF-8 bytes has at most as many characters: no need to count.
    if title.utf8.count > maximumLength, title.count > maximumLength {
      return .failure(.titleTooLong(length: title.count, limit: maximumLength))
    }
    return .success(title)
  }
}
