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
    let title = String(
      flattened.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    if title.isEmpty { return .failure(.emptyTitle) }
    if title.count > maximumLength {
      return .failure(.titleTooLong(length: title.count, limit: maximumLength))
    }
    return .success(title)
  }
}
